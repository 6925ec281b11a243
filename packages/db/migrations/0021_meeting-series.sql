ALTER TABLE "meetings" ADD COLUMN "series_key" text;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "likely_done" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "meetings_user_series_idx" ON "meetings" USING btree ("user_id","series_key","date" DESC NULLS FIRST) WHERE "meetings"."series_key" is not null;--> statement-breakpoint
-- A meeting's series key (meetings.series_key): one recurring calendar series, else one group of
-- two or more attendee e-mails, else two or more speaker names the user gave. Hashed, so a
-- thousand-attendee meeting still fits a B-tree entry. A trigger, not app code, so every writer
-- (API, pipeline, calendar link, CLI, restore) keeps it the same way. Names and e-mails are
-- compared trimmed and lowercased; "Speaker N" labels are not names.
CREATE OR REPLACE FUNCTION summy_series_key(recurring text, attendees jsonb, names jsonb) RETURNS text AS $$
  SELECT CASE
    WHEN nullif(btrim(recurring), '') IS NOT NULL
      THEN 'event:' || encode(sha256(convert_to(btrim(recurring), 'UTF8')), 'hex')
    ELSE coalesce(
      (SELECT 'people:' || encode(sha256(convert_to(string_agg(e, ',' ORDER BY e COLLATE "C"), 'UTF8')), 'hex')
         FROM (SELECT DISTINCT lower(btrim(a ->> 'email')) AS e
                 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(attendees) = 'array' THEN attendees ELSE '[]'::jsonb END) AS a
                WHERE coalesce(btrim(a ->> 'email'), '') <> '') AS people
       HAVING count(*) >= 2),
      (SELECT 'names:' || encode(sha256(convert_to(string_agg(n, '|' ORDER BY n COLLATE "C"), 'UTF8')), 'hex')
         FROM (SELECT DISTINCT lower(btrim(kv.value)) AS n
                 FROM jsonb_each_text(CASE WHEN jsonb_typeof(names) = 'object' THEN names ELSE '{}'::jsonb END) AS kv
                WHERE btrim(kv.value) <> '' AND lower(btrim(kv.value)) !~ '^speaker [0-9]+$') AS named
       HAVING count(*) >= 2))
  END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION summy_set_series_key() RETURNS trigger AS $$
BEGIN
  NEW.series_key := summy_series_key(NEW.calendar_recurring_event_id, NEW.calendar_event_attendees, NEW.speaker_names);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER meetings_series_key BEFORE INSERT OR UPDATE OF calendar_recurring_event_id, calendar_event_attendees, speaker_names ON "meetings"
  FOR EACH ROW EXECUTE FUNCTION summy_set_series_key();
--> statement-breakpoint
UPDATE "meetings" SET series_key = summy_series_key(calendar_recurring_event_id, calendar_event_attendees, speaker_names);
