-- Rebuilding a meeting's search passages only stamps meetings.search_indexed_at: that is no
-- change anyone watches, so it is not announced on 'summy_changes' (0001_realtime-notify.sql).
CREATE OR REPLACE FUNCTION summy_notify_change() RETURNS trigger AS $$
DECLARE
  r record;
  payload jsonb;
BEGIN
  -- Through jsonb: NEW.search_indexed_at would not compile for the other tables' rows.
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'meetings' THEN
    IF (to_jsonb(NEW) - 'search_indexed_at') = (to_jsonb(OLD) - 'search_indexed_at') THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  payload := jsonb_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'id', r.id, 'user_id', r.user_id);
  IF TG_TABLE_NAME = 'todos' THEN
    payload := payload || jsonb_build_object('meeting_id', r.meeting_id);
  END IF;
  PERFORM pg_notify('summy_changes', payload::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
