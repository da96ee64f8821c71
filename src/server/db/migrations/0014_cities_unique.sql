-- One city per name and state (any case, surrounding spaces ignored) and pincode (issue 28). A database that already
-- holds such duplicates stops here with their names, to be merged by hand (move their warehouses and users to one,
-- delete the others), rather than failing on the index with a bare unique violation.
DO $$
DECLARE dup text;
BEGIN
  SELECT string_agg(format('%s, %s %s (%s rows)', name, state, pincode, n), '; ') INTO dup FROM (
    SELECT min(name) AS name, min(state) AS state, pincode, count(*) AS n FROM cities
     GROUP BY lower(btrim(name)), lower(btrim(state)), pincode HAVING count(*) > 1) d;
  IF dup IS NOT NULL THEN
    RAISE EXCEPTION 'Duplicate cities must be merged before this upgrade: %', dup;
  END IF;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "cities_name_state_pincode_unique" ON "cities" USING btree (lower(btrim("name")),lower(btrim("state")),"pincode");
