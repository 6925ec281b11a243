-- Realtime: every change to a user's meetings, todos and chats is announced on the channel
-- 'summy_changes' with ids only (NOTIFY payloads are capped at 8000 bytes). Triggers, not app
-- code, so writes from any process (API, jobs, CLI) reach every server's SSE stream.
CREATE OR REPLACE FUNCTION summy_notify_change() RETURNS trigger AS $$
DECLARE
  r record;
  payload jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  payload := jsonb_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'id', r.id, 'user_id', r.user_id);
  IF TG_TABLE_NAME = 'todos' THEN
    payload := payload || jsonb_build_object('meeting_id', r.meeting_id);
  END IF;
  PERFORM pg_notify('summy_changes', payload::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER meetings_notify_change AFTER INSERT OR UPDATE OR DELETE ON "meetings"
  FOR EACH ROW EXECUTE FUNCTION summy_notify_change();
--> statement-breakpoint
CREATE TRIGGER todos_notify_change AFTER INSERT OR UPDATE OR DELETE ON "todos"
  FOR EACH ROW EXECUTE FUNCTION summy_notify_change();
--> statement-breakpoint
CREATE TRIGGER chats_notify_change AFTER INSERT OR UPDATE OR DELETE ON "chats"
  FOR EACH ROW EXECUTE FUNCTION summy_notify_change();
