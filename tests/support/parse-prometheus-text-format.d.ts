/** The package ships no types: what it returns, as its README describes it (prom2json's shape). */
declare module 'parse-prometheus-text-format' {
  type Sample = { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string };
  type Family = { name: string; help: string; type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED'; metrics: Sample[] };
  export default function parsePrometheusTextFormat(text: string): Family[];
}
