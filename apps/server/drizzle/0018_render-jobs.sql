CREATE TABLE "render_enrolment_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"node_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "render_enrolment_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "render_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"drive_id" integer NOT NULL,
	"name" text NOT NULL,
	"scene_path" text NOT NULL,
	"scene_sha256" text NOT NULL,
	"scene_size" bigint NOT NULL,
	"findings" jsonb,
	"frame_seconds" double precision,
	"frames" text,
	"frames_total" integer DEFAULT 0 NOT NULL,
	"chunk" integer,
	"format" text,
	"resolution_percent" integer,
	"samples" integer,
	"denoise" boolean DEFAULT false NOT NULL,
	"priority" text DEFAULT 'standard' NOT NULL,
	"status" text DEFAULT 'checking' NOT NULL,
	"pause_reason" text,
	"failure_reason" text,
	"estimate" bigint,
	"estimate_low" bigint,
	"estimate_high" bigint,
	"price_per_minute" bigint,
	"cost" bigint DEFAULT 0 NOT NULL,
	"output_path" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"requeued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "render_jobs_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "render_jobs_status_check" CHECK ("render_jobs"."status" in ('checking', 'queued', 'active', 'paused', 'completed', 'failed', 'canceled')),
	CONSTRAINT "render_jobs_priority_check" CHECK ("render_jobs"."priority" in ('standard', 'express')),
	CONSTRAINT "render_jobs_format_check" CHECK ("render_jobs"."format" is null or "render_jobs"."format" in ('PNG', 'JPEG', 'OPEN_EXR')),
	CONSTRAINT "render_jobs_pause_check" CHECK ("render_jobs"."pause_reason" is null or "render_jobs"."pause_reason" in ('customer', 'balance')),
	CONSTRAINT "render_jobs_cost_check" CHECK ("render_jobs"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "render_node_blocklist" (
	"job_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "render_node_blocklist_job_id_node_id_pk" PRIMARY KEY("job_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "render_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"blender_version" text,
	"cores" integer,
	"location" text,
	"notes" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "render_nodes_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "render_nodes_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "render_nodes_status_check" CHECK ("render_nodes"."status" in ('idle', 'busy', 'offline', 'asleep', 'disabled'))
);
--> statement-breakpoint
CREATE TABLE "render_task_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"log" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "render_task_attempts_outcome_check" CHECK ("render_task_attempts"."outcome" in ('completed', 'failed', 'expired', 'released', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "render_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"job_id" integer NOT NULL,
	"kind" text NOT NULL,
	"frame_start" integer,
	"frame_end" integer,
	"frame_step" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"node_id" integer,
	"lease_until" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"render_seconds" double precision,
	"cost" bigint,
	"outputs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_frame" integer,
	"log_tail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "render_tasks_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "render_tasks_status_check" CHECK ("render_tasks"."status" in ('queued', 'active', 'completed', 'failed', 'canceled')),
	CONSTRAINT "render_tasks_kind_check" CHECK ("render_tasks"."kind" in ('render', 'check'))
);
--> statement-breakpoint
CREATE TABLE "render_turns" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"served_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_type_check";--> statement-breakpoint
ALTER TABLE "render_enrolment_tokens" ADD CONSTRAINT "render_enrolment_tokens_node_id_render_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."render_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD CONSTRAINT "render_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD CONSTRAINT "render_jobs_drive_id_drives_id_fk" FOREIGN KEY ("drive_id") REFERENCES "public"."drives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_node_blocklist" ADD CONSTRAINT "render_node_blocklist_job_id_render_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."render_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_node_blocklist" ADD CONSTRAINT "render_node_blocklist_node_id_render_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."render_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_task_attempts" ADD CONSTRAINT "render_task_attempts_task_id_render_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."render_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_task_attempts" ADD CONSTRAINT "render_task_attempts_job_id_render_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."render_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_task_attempts" ADD CONSTRAINT "render_task_attempts_node_id_render_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."render_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_tasks" ADD CONSTRAINT "render_tasks_job_id_render_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."render_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_tasks" ADD CONSTRAINT "render_tasks_node_id_render_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."render_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_turns" ADD CONSTRAINT "render_turns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "render_jobs_user_idx" ON "render_jobs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "render_jobs_status_idx" ON "render_jobs" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "render_jobs_idempotency_unique" ON "render_jobs" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "render_task_attempts_task_idx" ON "render_task_attempts" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "render_task_attempts_job_node_idx" ON "render_task_attempts" USING btree ("job_id","node_id");--> statement-breakpoint
CREATE INDEX "render_tasks_job_idx" ON "render_tasks" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "render_tasks_queued_idx" ON "render_tasks" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "render_tasks_node_idx" ON "render_tasks" USING btree ("node_id");--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_type_check" CHECK ("wallet_transactions"."type" in ('topup', 'usage', 'drive', 'render', 'refund', 'adjustment', 'bonus'));