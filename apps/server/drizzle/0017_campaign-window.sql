ALTER TABLE "pages" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "ends_at" timestamp with time zone;