import { useQuery } from '@tanstack/react-query';
import type { EndpointName } from '@aquamall/shared/endpoints';
import { api, type ApiOptions, type DataOf, type InputOf } from '../../../lib/api.ts';

/** The console's endpoints (packages/shared/src/endpoints/admin.ts), called by name. */
export type ConsoleEndpoint = Extract<EndpointName, `admin${string}`>;

// api.read/api.run take their input as a rest tuple; a generic name needs the plain signature.
type Call = <N extends EndpointName>(name: N, input?: InputOf<N>, options?: ApiOptions) => Promise<DataOf<N>>;
const read = api.read as Call;
const run = api.run as Call;

/** Reads a console endpoint, cached under ['admin', name, input]. */
export const useConsoleQuery = <N extends ConsoleEndpoint>(name: N, input?: InputOf<N>, enabled = true) =>
  useQuery({ queryKey: ['admin', name, input], queryFn: () => read(name, input), enabled });

/** A console command by name: shows the server's message; the page refreshes what it shows. */
export const consoleCommand =
  <N extends ConsoleEndpoint>(name: N) =>
  (input: InputOf<N>) =>
    run(name, input);
