-- A CSV cell as the product's one CSV writer writes it (src/domain/csv.ts: csvCell), in SQL, byte for byte
-- (tests/api/csv-cell.test.ts compares the two over hostile texts): a download whose columns are plain fields has its
-- statement write each row's line, one text a row for the driver to hand over, instead of every cell decoded into
-- JavaScript and written there (a million products: 13 million strings, whose garbage grew the API by 120 MB).
-- Plain SQL functions, so the planner writes their bodies into the statement (no call per cell); strpos and the first
-- and last characters, not regular expressions, for the common cases.

-- Quoted where it holds a quote, comma or line break, or begins or ends with white space (JavaScript's \s).
CREATE OR REPLACE FUNCTION "csv_quoted"(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN strpos(value, '"') > 0 THEN '"' || replace(value, '"', '""') || '"'
    WHEN strpos(value, ',') > 0 OR strpos(value, E'\r') > 0 OR strpos(value, E'\n') > 0
      OR (value <> '' AND (strpos(E'\t\n\x0b\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff', left(value, 1)) > 0
                        OR strpos(E'\t\n\x0b\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff', right(value, 1)) > 0))
      THEN '"' || value || '"'
    ELSE value
  END
$$;

-- Nothing for NULL; a text a spreadsheet would run as a formula (=, +, -, @, tab or carriage return after any
-- apostrophes) gets a leading apostrophe, unless it is a plain number; then quoted where it must be.
CREATE OR REPLACE FUNCTION "csv_cell"(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN value IS NULL THEN ''
    WHEN ltrim(value, '''') <> '' AND strpos(E'=+-@\t\r', left(ltrim(value, ''''), 1)) > 0 AND value !~ '^-?[0-9]+(\.[0-9]+)?$'
      THEN csv_quoted('''' || value)
    ELSE csv_quoted(value)
  END
$$;

-- Whether a row's cells, joined by the unit separator (U+001F), may hold one that needs more than itself as its cell:
-- a quote, comma or line break anywhere, or a cell that begins with an apostrophe, a formula character or white space,
-- or ends with white space. Never false where a cell needs care (a cell holding U+001F only adds false alarms), so
-- the line of a row it passes is its cells as they are, joined by commas; the rest are written cell by cell.
CREATE OR REPLACE FUNCTION "csv_row_needs_care"(joined text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT joined ~ E'[",\r\n]|(^|\x1f)[''=+@\t\n\x0b\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff-]|[\t\n\x0b\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff](\x1f|$)'
$$;
