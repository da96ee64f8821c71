-- stock_pairs (src/server/db/schema.ts): every (product, warehouse) that has had an inventory record, named as the Stock
-- valuation report orders it. A statement trigger sees every record an INSERT wrote at once (Update All Inventory
-- writes thousands in one statement); a product's new name or category follows it to its pairs.
CREATE OR REPLACE FUNCTION "stock_pairs_of_new_records"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_pairs (product_id, warehouse_id, category_id, product_name)
  SELECT n.product_id, n.warehouse_id, p.category_id, p.productname
    FROM new_records n JOIN products p ON p.id = n.product_id
   ORDER BY n.product_id, n.warehouse_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "stock_pairs" AFTER INSERT ON "inventory"
  REFERENCING NEW TABLE AS new_records FOR EACH STATEMENT EXECUTE FUNCTION stock_pairs_of_new_records();

CREATE OR REPLACE FUNCTION "stock_pairs_of_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_pairs SET product_name = NEW.productname, category_id = NEW.category_id WHERE product_id = NEW.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "stock_pairs" AFTER UPDATE OF productname, category_id ON "products"
  FOR EACH ROW WHEN (OLD.productname IS DISTINCT FROM NEW.productname OR OLD.category_id IS DISTINCT FROM NEW.category_id)
  EXECUTE FUNCTION stock_pairs_of_product();

-- A page of the Stock valuation report per product in name order (warehouse, category, product; src/server/services/
-- stock-valuation.ts): what each pair held up to p_end, walked group by group ((warehouse, category) in name order, then
-- stock_pairs' index in product-name order), each pair probed in the ledger and kept if it held anything, until the
-- page is full. A group the page starts after is only counted (up to what is still to skip). A page costs one probe
-- per row it reaches, however many balances the ledger holds: SQL alone could not be kept from walking every group.
CREATE OR REPLACE FUNCTION "stock_valuation_walk"(p_end timestamptz, p_warehouses uuid[], p_category uuid, p_offset int,
  p_limit int, p_desc boolean)
RETURNS TABLE (warehouse_id uuid, warehouse_name text, category_id uuid, category_name text, product_id uuid,
  product_name text, quantity bigint, stock_value numeric)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  skip int := greatest(p_offset, 0);
  take int := greatest(p_limit, 0);
  g record;
  held int;
  sent int;
BEGIN
  FOR g IN
    SELECT w.id AS wid, w.name AS wname, c.id AS cid, c.name AS cname
      FROM warehouses w CROSS JOIN categories c
     WHERE w.id = ANY (p_warehouses) AND (p_category IS NULL OR c.id = p_category)
     ORDER BY CASE WHEN p_desc THEN w.name END DESC, CASE WHEN NOT p_desc THEN w.name END, w.id,
              CASE WHEN p_desc THEN c.name END DESC, CASE WHEN NOT p_desc THEN c.name END, c.id
  LOOP
    EXIT WHEN take <= 0;
    IF skip > 0 THEN
      SELECT count(*) INTO held FROM (
        SELECT 1 FROM stock_pairs s
         CROSS JOIN LATERAL (SELECT sum(m.quantity) AS q, sum(m.value_change) AS v FROM stock_movements m
                              WHERE m.product_id = s.product_id AND m.warehouse_id = s.warehouse_id AND m.created < p_end) b
         WHERE s.warehouse_id = g.wid AND s.category_id = g.cid AND (b.q <> 0 OR b.v <> 0)
         LIMIT skip) x;
      IF held < skip THEN skip := skip - held; CONTINUE; END IF;
    END IF;
    IF p_desc THEN
      RETURN QUERY
        SELECT g.wid, g.wname, g.cid, g.cname, s.product_id, s.product_name, b.q, b.v FROM stock_pairs s
         CROSS JOIN LATERAL (SELECT sum(m.quantity)::bigint AS q, sum(m.value_change) AS v FROM stock_movements m
                              WHERE m.product_id = s.product_id AND m.warehouse_id = s.warehouse_id AND m.created < p_end) b
         WHERE s.warehouse_id = g.wid AND s.category_id = g.cid AND (b.q <> 0 OR b.v <> 0)
         ORDER BY s.product_name DESC, s.product_id LIMIT take OFFSET skip;
    ELSE
      RETURN QUERY
        SELECT g.wid, g.wname, g.cid, g.cname, s.product_id, s.product_name, b.q, b.v FROM stock_pairs s
         CROSS JOIN LATERAL (SELECT sum(m.quantity)::bigint AS q, sum(m.value_change) AS v FROM stock_movements m
                              WHERE m.product_id = s.product_id AND m.warehouse_id = s.warehouse_id AND m.created < p_end) b
         WHERE s.warehouse_id = g.wid AND s.category_id = g.cid AND (b.q <> 0 OR b.v <> 0)
         ORDER BY s.product_name, s.product_id LIMIT take OFFSET skip;
    END IF;
    GET DIAGNOSTICS sent = ROW_COUNT;
    take := take - sent;
    skip := 0;
  END LOOP;
END $$;
