-- The seat limit, held by the database itself (docs/security.md R18): a profile may join a licence only
-- while the licence has a free seat. The licence row is locked first, so concurrent joins queue up and
-- each counts the others' committed members. Seats lowered by the provider (a smaller plan) are allowed
-- to leave a licence over its limit: the app then asks its admin to remove users (product §2.15).
CREATE OR REPLACE FUNCTION enforce_licence_seats() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  seats integer;
  used integer;
BEGIN
  IF NEW.license_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.license_id IS NOT DISTINCT FROM NEW.license_id THEN
    RETURN NEW;
  END IF;
  SELECT number_of_licenses INTO seats FROM licenses WHERE license_id = NEW.license_id FOR UPDATE;
  SELECT count(*) INTO used FROM profiles WHERE license_id = NEW.license_id AND id <> NEW.id;
  IF used >= seats THEN
    RAISE EXCEPTION 'licence % has no free seat (% of % used)', NEW.license_id, used, seats
      USING ERRCODE = 'P0001', HINT = 'seat_limit_reached';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_enforce_licence_seats
  BEFORE INSERT OR UPDATE OF license_id ON profiles
  FOR EACH ROW EXECUTE FUNCTION enforce_licence_seats();
