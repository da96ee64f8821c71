/**
 * One `event: change` of GET /api/events (issue 32): a record of `resource` (the API's matrix name) changed, by whom and
 * when; never its values. The server sends it (src/server/live/event-stream.ts), the SPA's live provider reads it.
 */
export type LiveChange = {
  id: string;
  resource: string;
  action: string;
  record_id: string | null;
  warehouse_id: string | null;
  user_id: string | null;
  user_name: string | null;
  at: string;
};
