CREATE TABLE "account_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"bill_to" jsonb,
	"marketing_opt_in" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_documents_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "verification_documents_kind_check" CHECK ("verification_documents"."kind" in ('id_front', 'id_back', 'selfie', 'company_paper'))
);
--> statement-breakpoint
ALTER TABLE "verification_requests" ALTER COLUMN "first_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_requests" ALTER COLUMN "last_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_requests" ALTER COLUMN "national_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_requests" ALTER COLUMN "birth_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_requests" ALTER COLUMN "mobile" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD COLUMN "mobile_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD COLUMN "company_national_id" text;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD COLUMN "company_registration_no" text;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD COLUMN "selfie_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "account_profiles" ADD CONSTRAINT "account_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_request_id_verification_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."verification_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_documents_request_kind_idx" ON "verification_documents" USING btree ("request_id","kind");--> statement-breakpoint
CREATE INDEX "verification_requests_status_idx" ON "verification_requests" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "verification_requests_national_code_idx" ON "verification_requests" USING btree ("national_code");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_requests_open_idx" ON "verification_requests" USING btree ("user_id") WHERE "verification_requests"."status" in ('draft', 'submitted', 'under_review');--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_type_check" CHECK ("verification_requests"."type" in ('individual', 'legal'));