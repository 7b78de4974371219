CREATE TABLE "ledger_day_totals" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"magnitude" bigint NOT NULL,
	"lines" integer NOT NULL,
	CONSTRAINT "ledger_day_totals_reference_day_type_pk" PRIMARY KEY("reference","day","type")
);
--> statement-breakpoint
CREATE TABLE "ledger_days" (
	"day" date PRIMARY KEY NOT NULL,
	"filled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_day_totals" ADD CONSTRAINT "ledger_day_totals_day_ledger_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."ledger_days"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_day_totals_day_idx" ON "ledger_day_totals" USING btree ("day");--> statement-breakpoint
CREATE INDEX "wallet_transactions_created_idx" ON "wallet_transactions" USING btree ("created_at");--> statement-breakpoint
-- Kept ledger days (billing/ledger-days.ts) stay equal to the ledger: lines are only ever added, but
-- one may be dated into a day that has ended (the usage tick dates each charge by its minute and
-- catches up after the worker was down). Such a line forgets the kept day it falls in, so the next
-- read sums it again. The shared advisory lock (727016) waits for a fill in progress (which holds it
-- exclusively) to commit, so the DELETE, a later statement, sees what that fill kept. A row trigger
-- with a WHEN clause: a line dated today (nearly all of them) costs one comparison, no call.
CREATE FUNCTION ledger_days_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727016);
  DELETE FROM ledger_days WHERE day = ((NEW.created_at AT TIME ZONE 'UTC') + interval '12600 seconds')::date;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_days_forget AFTER INSERT ON wallet_transactions FOR EACH ROW
  WHEN (((NEW.created_at AT TIME ZONE 'UTC') + interval '12600 seconds')::date
        < ((clock_timestamp() AT TIME ZONE 'UTC') + interval '12600 seconds')::date)
  EXECUTE FUNCTION ledger_days_forget();
