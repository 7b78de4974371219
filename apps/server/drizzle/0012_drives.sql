CREATE TABLE "drive_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"drive_id" integer NOT NULL,
	"kind" text NOT NULL,
	"parent" text NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"sha256" text,
	"object_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drive_entries_kind_check" CHECK ("drive_entries"."kind" in ('folder', 'file'))
);
--> statement-breakpoint
CREATE TABLE "drive_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"drive_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"parent" text NOT NULL,
	"name" text NOT NULL,
	"length" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "drive_uploads_status_check" CHECK ("drive_uploads"."status" in ('open', 'finished', 'expired', 'cancelled')),
	CONSTRAINT "drive_uploads_length_check" CHECK ("drive_uploads"."length" >= 0)
);
--> statement-breakpoint
CREATE TABLE "drives" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"instance_id" integer,
	"name" text NOT NULL,
	"size_gb" integer NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"period" integer DEFAULT 1 NOT NULL,
	"period_started_at" timestamp with time zone NOT NULL,
	"paid_until" timestamp with time zone NOT NULL,
	"suspended_at" timestamp with time zone,
	"delete_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "drives_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "drives_status_check" CHECK ("drives"."status" in ('active', 'suspended', 'scheduled_deletion', 'deleted')),
	CONSTRAINT "drives_size_check" CHECK ("drives"."size_gb" > 0),
	CONSTRAINT "drives_used_check" CHECK ("drives"."used_bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "drive_entries" ADD CONSTRAINT "drive_entries_drive_id_drives_id_fk" FOREIGN KEY ("drive_id") REFERENCES "public"."drives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_uploads" ADD CONSTRAINT "drive_uploads_drive_id_drives_id_fk" FOREIGN KEY ("drive_id") REFERENCES "public"."drives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_uploads" ADD CONSTRAINT "drive_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drives" ADD CONSTRAINT "drives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drives" ADD CONSTRAINT "drives_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drives" ADD CONSTRAINT "drives_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drive_entries_path_unique" ON "drive_entries" USING btree ("drive_id","path");--> statement-breakpoint
CREATE INDEX "drive_entries_parent_idx" ON "drive_entries" USING btree ("drive_id","parent");--> statement-breakpoint
CREATE INDEX "drive_uploads_drive_idx" ON "drive_uploads" USING btree ("drive_id","status");--> statement-breakpoint
CREATE INDEX "drive_uploads_expiry_idx" ON "drive_uploads" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "drives_user_idx" ON "drives" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "drives_due_idx" ON "drives" USING btree ("status","paid_until");--> statement-breakpoint
CREATE UNIQUE INDEX "drives_instance_unique" ON "drives" USING btree ("instance_id") WHERE "drives"."instance_id" is not null;