import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@aquamall/shared';
import { backoffMs, connectLive } from './live-socket.ts';

/** A scripted WebSocket: records what is sent; the test opens, pushes and closes it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: ((c: { code: number }) => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(s);
  }
  close(code: number) {
    this.closedWith = code;
  }
  push(e: object) {
    this.onmessage?.({ data: JSON.stringify(e) });
  }
}

function setup(token: string | null = 'tok-1') {
  FakeSocket.all = [];
  const events: LiveEvent[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const stop = connectLive({
    url: 'ws://x/api/ws',
    getToken: () => token,
    onEvent: (e) => events.push(e),
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
  });
  return { events, timers, stop };
}

describe('live socket client', () => {
  it('signs in with the first message and hands events on', () => {
    const { events } = setup();
    const s = FakeSocket.all[0]!;
    s.onopen?.();
    expect(s.sent).toEqual([JSON.stringify({ type: 'auth', token: 'tok-1' })]);
    s.push({ type: 'hello', unread: 2 });
    s.push({
      type: 'message',
      unread: 3,
      message: { id: 9, title: '新订单', category: 2, linkPath: '/customer/order' },
    });
    s.push({ type: 'thread', quotationId: 5 });
    s.push({ type: 'nonsense' });
    expect(events.map((e) => e.type)).toEqual(['hello', 'message', 'thread']);
    expect(events[2]).toEqual({ type: 'thread', quotationId: 5 });
  });

  it('reconnects with growing waits after a drop, and never after the session ended', () => {
    const { timers } = setup();
    FakeSocket.all[0]!.onclose?.({ code: 1006 });
    expect(timers).toHaveLength(1);
    timers[0]!.fn();
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.onclose?.({ code: 1006 });
    expect(timers[1]!.ms).toBeGreaterThan(timers[0]!.ms);
    timers[1]!.fn();
    FakeSocket.all[2]!.onclose?.({ code: 4401 });
    expect(timers).toHaveLength(2);
  });

  it('does not connect without a token, and stops cleanly', () => {
    setup(null);
    expect(FakeSocket.all).toHaveLength(0);
    const { stop, timers } = setup();
    stop();
    expect(FakeSocket.all[0]!.closedWith).toBe(1000);
    FakeSocket.all[0]!.onclose?.({ code: 1000 });
    expect(timers).toHaveLength(0);
  });

  it('backs off from 1 s to at most 30 s (plus jitter)', () => {
    expect(backoffMs(0, () => 0)).toBe(1000);
    expect(backoffMs(3, () => 0)).toBe(8000);
    expect(backoffMs(10, () => 0)).toBe(30_000);
    expect(backoffMs(10, () => 1)).toBe(39_000);
  });
});
