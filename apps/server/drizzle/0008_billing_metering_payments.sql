CREATE TABLE "billing_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"authority" text,
	"ref_id" text,
	"card_pan" text,
	"gateway_detail" text,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "payments_authority_unique" UNIQUE("authority"),
	CONSTRAINT "payments_ref_id_unique" UNIQUE("ref_id"),
	CONSTRAINT "payments_gateway_check" CHECK ("payments"."gateway" in ('test', 'zarinpal')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('created', 'redirected', 'verifying', 'paid', 'failed', 'canceled', 'expired', 'review')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "test_gateway_sessions" (
	"authority" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"description" text NOT NULL,
	"callback_url" text NOT NULL,
	"outcome" text DEFAULT 'open' NOT NULL,
	"ref_id" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_sessions_outcome_check" CHECK ("test_gateway_sessions"."outcome" in ('open', 'paid', 'canceled', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "usage_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"price_per_hour" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"billed_minutes" integer DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_alerts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"low_balance_at" timestamp with time zone,
	"depleted_at" timestamp with time zone,
	"forced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD CONSTRAINT "usage_sessions_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD CONSTRAINT "usage_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_alerts" ADD CONSTRAINT "wallet_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_check_idx" ON "payments" USING btree ("next_check_at") WHERE "payments"."status" = 'verifying';--> statement-breakpoint
CREATE INDEX "usage_sessions_open_idx" ON "usage_sessions" USING btree ("user_id") WHERE "usage_sessions"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "usage_sessions_instance_idx" ON "usage_sessions" USING btree ("instance_id","started_at");--> statement-breakpoint
-- The wallet ledger is the books: lines are added through postLedgerEntry, never changed or removed.
-- A mistake is corrected by a new line (a refund or an adjustment), as an accountant would.
CREATE FUNCTION wallet_transactions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_transactions is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_transactions_append_only BEFORE UPDATE OR DELETE ON wallet_transactions
  FOR EACH ROW EXECUTE FUNCTION wallet_transactions_append_only();
--> statement-breakpoint
-- Usage sessions follow the machine's power, whichever code moved it: a session opens when a ready
-- machine becomes running (at running_since) and closes when it leaves running (at
-- power_changed_at, the moment the stop was asked: shutting down is not billed).
CREATE FUNCTION instances_usage_session() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_running boolean := TG_OP = 'UPDATE' AND OLD.power = 'running' AND OLD.status = 'ready';
  is_running boolean := NEW.power = 'running' AND NEW.status = 'ready';
BEGIN
  IF was_running AND (NOT is_running OR NEW.running_since IS DISTINCT FROM OLD.running_since) THEN
    UPDATE usage_sessions SET ended_at = greatest(started_at, coalesce(NEW.power_changed_at, now()))
      WHERE instance_id = NEW.id AND ended_at IS NULL;
  END IF;
  IF is_running AND (NOT was_running OR NEW.running_since IS DISTINCT FROM OLD.running_since) THEN
    INSERT INTO usage_sessions (instance_id, user_id, price_per_hour, started_at)
      VALUES (NEW.id, NEW.user_id, NEW.price_per_hour, coalesce(NEW.running_since, NEW.power_changed_at, now()));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER instances_usage_session AFTER INSERT OR UPDATE OF power, status, running_since ON instances
  FOR EACH ROW EXECUTE FUNCTION instances_usage_session();
--> statement-breakpoint
-- Machines already running when this migration runs are billed from now on.
INSERT INTO usage_sessions (instance_id, user_id, price_per_hour, started_at)
  SELECT id, user_id, price_per_hour, now() FROM instances WHERE status = 'ready' AND power = 'running';
--> statement-breakpoint
INSERT INTO billing_counters (name, value) VALUES ('invoice_number', coalesce((SELECT max(number) FROM invoices), 0));
