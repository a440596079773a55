import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { gqlKey, refreshGql } from '../../src/portal/use-gql';

describe('refreshGql', () => {
  it('reads a query afresh after a change, though its first read left before the change and is still on its way', async () => {
    const client = new QueryClient();
    let value = 'before';
    let reads = 0;
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const queryFn = async () => {
      reads++;
      const answer = value; // read by the server when the read arrives
      if (reads === 1) await firstHeld; // the first answer is slow on its way back
      return answer;
    };
    const observer = new QueryObserver(client, { queryKey: gqlKey(['thing']), queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => reads).toBe(1);
    value = 'after'; // a save
    const refreshed = refreshGql(client, ['thing']);
    releaseFirst();
    await refreshed;
    expect(client.getQueryData(gqlKey(['thing']))).toBe('after');
    expect(reads).toBe(2);
    unsubscribe();
  });
});
