import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { lastBusinessDays } from '../../../../domain/business-days';
import { MAX_LIST_LIMIT, MOVEMENT_TYPES, REPORT_DEFAULT_LIMIT, REPORT_TYPES } from '../../../../domain/constants';
import type { ReportType } from './report-types';

export type ReportFilters = {
  start_date: string;
  end_date: string;
  report_type: ReportType;
  movement_type?: string;
  warehouse_id?: string;
  product_id?: string;
  /** Shown in the product box; not sent. */
  product_name?: string;
  low_stock_only?: boolean;
  out_of_stock_only?: boolean;
  limit: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** SPEC.md section 9: the last 30 days (the dashboard's, India time, today included), a summary, 100 rows. */
export function defaultReportFilters(now = new Date()): ReportFilters {
  return {
    ...lastBusinessDays(undefined, now),
    report_type: 'summary',
    limit: REPORT_DEFAULT_LIMIT,
  };
}

function read(params: URLSearchParams): ReportFilters {
  const defaults = defaultReportFilters();
  const day = (key: 'start_date' | 'end_date') => (DAY.test(params.get(key) ?? '') ? params.get(key)! : defaults[key]);
  const type = params.get('report_type') as ReportType;
  const movement = params.get('movement_type') ?? '';
  const limit = Math.floor(Number(params.get('limit')));
  return {
    start_date: day('start_date'),
    end_date: day('end_date'),
    report_type: REPORT_TYPES.includes(type) ? type : defaults.report_type,
    movement_type: (MOVEMENT_TYPES as readonly string[]).includes(movement) ? movement : undefined,
    warehouse_id: params.get('warehouse_id') || undefined,
    product_id: params.get('product_id') || undefined,
    product_name: params.get('product_name') || undefined,
    low_stock_only: params.get('low_stock_only') === 'true' || undefined,
    out_of_stock_only: params.get('out_of_stock_only') === 'true' || undefined,
    limit: limit >= 1 && limit <= MAX_LIST_LIMIT ? limit : defaults.limit,
  };
}

function write(filters: ReportFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '' && value !== false) params.set(key, String(value));
  }
  return params;
}

/** The applied report filters live in the URL: a reload or a shared link shows the same report. */
export function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const applied = useMemo(() => read(new URLSearchParams(search)), [search]);
  return {
    applied,
    /** False when the filters are those applied already (nothing to navigate to). */
    apply: (filters: ReportFilters) => {
      const next = write(filters);
      if (next.toString() === write(applied).toString()) return false;
      setParams(next);
      return true;
    },
    reset: () => setParams(new URLSearchParams()),
    setReportType: (report_type: ReportType) => setParams(write({ ...applied, report_type })),
  };
}
