// The few autocannon types the benchmark uses (the package ships none; @types/autocannon is not needed).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';
  namespace autocannon {
    interface Request {
      setupRequest?: (req: { path: string; method?: string; headers?: Record<string, string>; body?: string }) => {
        path?: string;
        headers?: Record<string, string>;
        body?: string;
      };
    }
    interface Options {
      url: string;
      method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
      connections?: number;
      overallRate?: number;
      duration?: number;
    }
  }
  function autocannon(opts: autocannon.Options): EventEmitter;
  export default autocannon;
}
