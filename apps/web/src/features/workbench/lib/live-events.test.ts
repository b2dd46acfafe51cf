import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { WorkbenchTodo } from '@aquamall/shared';
import { todoQuery } from '../api/access.ts';
import { applyLiveEvent } from './live-events.ts';

const todo = (unreadMessages: number): WorkbenchTodo => ({
  trade: [],
  unreadMessages,
  users: 1,
  disabledUsers: 0,
  roles: 1,
  certStatus: 0,
  merchantStatus: 0,
  memberLevel: 0,
  isMemberVail: 0,
});

/**
 * A fake server: `unread` is the committed count; every fetch of the todo query reads it when it starts and
 * answers after `delay` ms (so a test can make a read that began before a commit answer after it).
 */
function setup() {
  const server = { unread: 1, delay: 0, fetches: 0 };
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetchTodo = async () => {
    server.fetches++;
    const n = server.unread;
    const wait = server.delay;
    await new Promise((r) => setTimeout(r, wait));
    return todo(n);
  };
  // The header badge observes the todo query, as WorkbenchHeader does.
  const observer = new QueryObserver(qc, { queryKey: todoQuery.queryKey, queryFn: fetchTodo, staleTime: 30_000 });
  const off = observer.subscribe(() => undefined);
  const badge = () => qc.getQueryData<WorkbenchTodo>(todoQuery.queryKey)?.unreadMessages;
  const settle = async () => {
    for (let i = 0; i < 20 && qc.isFetching() > 0; i++) await new Promise((r) => setTimeout(r, 5));
  };
  return { server, qc, badge, settle, off };
}

describe('live events and the header badge (decision 0092)', () => {
  it('a count computed before mark-read, arriving after the refetch, does not put the badge back up', async () => {
    const { server, qc, badge, settle, off } = setup();
    await settle();
    expect(badge()).toBe(1);
    // 标为已读: the mutation commits, then invalidates the workbench queries; the refetch answers 0.
    server.unread = 0;
    await qc.invalidateQueries({ queryKey: ['workbench'] });
    await settle();
    expect(badge()).toBe(0);
    // A socket event whose count was read before that commit (a `hello` of a socket opened just before, or
    // a `message` event) is delivered only now.
    applyLiveEvent(qc, { type: 'hello', unread: 1 });
    applyLiveEvent(qc, {
      type: 'message',
      unread: 1,
      message: { id: 7, title: '会员等级已调整', category: 1, linkPath: '/customer/authentication/member' },
    });
    await settle();
    expect(badge()).toBe(0);
    off();
  });

  it('a read that began before the commit and answers after a later event is discarded', async () => {
    const { server, qc, badge, settle, off } = setup();
    await settle();
    // A refetch starts while the message is still unread and is slow to answer …
    server.delay = 60;
    void qc.invalidateQueries({ queryKey: ['workbench', 'todo'] });
    // … meanwhile mark-read commits and its `unread` event arrives: the newer read wins.
    server.unread = 0;
    server.delay = 0;
    applyLiveEvent(qc, { type: 'unread', unread: 0 });
    await new Promise((r) => setTimeout(r, 100));
    await settle();
    expect(badge()).toBe(0);
    off();
  });

  it('a new message raises the badge to the server count and refreshes the inbox', async () => {
    const { server, qc, badge, settle, off } = setup();
    await settle();
    const before = server.fetches;
    server.unread = 2;
    applyLiveEvent(qc, {
      type: 'message',
      unread: 2,
      message: { id: 8, title: 't', category: 2, linkPath: '/x' },
    });
    await settle();
    expect(badge()).toBe(2);
    expect(server.fetches).toBe(before + 1);
    off();
  });
});
