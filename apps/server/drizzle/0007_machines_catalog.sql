CREATE TABLE "config_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hardware_images" (
	"hardware_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	CONSTRAINT "hardware_images_hardware_id_image_id_pk" PRIMARY KEY("hardware_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "instance_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"stop_time" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_schedules_day_unique" UNIQUE("instance_id","weekday"),
	CONSTRAINT "instance_schedules_weekday_check" CHECK ("instance_schedules"."weekday" between 0 and 6),
	CONSTRAINT "instance_schedules_times_check" CHECK ("instance_schedules"."start_time" <> "instance_schedules"."stop_time")
);
--> statement-breakpoint
CREATE TABLE "simulated_machines" (
	"ref" text PRIMARY KEY NOT NULL,
	"host_id" integer NOT NULL,
	"instance_uuid" uuid NOT NULL,
	"power" text NOT NULL,
	"settles_at" timestamp with time zone,
	"settles_to" text,
	"address" text NOT NULL,
	"load_percent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_machines_instance_uuid_unique" UNIQUE("instance_uuid")
);
--> statement-breakpoint
ALTER TABLE "configs" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hardwares" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "country" text DEFAULT 'ایران' NOT NULL;--> statement-breakpoint
ALTER TABLE "ports" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "suspend_reason" text;--> statement-breakpoint
ALTER TABLE "hardware_images" ADD CONSTRAINT "hardware_images_hardware_id_hardwares_id_fk" FOREIGN KEY ("hardware_id") REFERENCES "public"."hardwares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_images" ADD CONSTRAINT "hardware_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_schedules" ADD CONSTRAINT "instance_schedules_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "config_changes_key_idx" ON "config_changes" USING btree ("key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ports_instance_unique" ON "ports" USING btree ("instance_id") WHERE "ports"."instance_id" is not null;--> statement-breakpoint
CREATE INDEX "ports_resource_idx" ON "ports" USING btree ("resource_id","status","public_port");--> statement-breakpoint
CREATE UNIQUE INDEX "instances_idempotency_unique" ON "instances" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "instances_port_unique" ON "instances" USING btree ("port_id") WHERE "instances"."status" <> 'deleted';--> statement-breakpoint
ALTER TABLE "ports" ADD CONSTRAINT "ports_status_check" CHECK ("ports"."status" in ('free', 'reserved', 'bound', 'disabled'));--> statement-breakpoint
ALTER TABLE "ports" ADD CONSTRAINT "ports_range_check" CHECK ("ports"."public_port" between 1 and 65535 and "ports"."target_port" between 1 and 65535);