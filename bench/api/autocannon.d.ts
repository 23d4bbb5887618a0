// The part of autocannon 9's API that bench/api uses (the package ships no types).
declare module "autocannon" {
  namespace autocannon {
    type Request = {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    };
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      overallRate?: number;
      timeout?: number;
      requests?: Request[];
    };
    type Histogram = { p50: number; p90: number; p99: number; max: number; average: number };
    type Result = {
      duration: number;
      requests: Histogram & { total: number };
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
    };
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
