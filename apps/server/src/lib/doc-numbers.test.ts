import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { documentNumber, documentNumberSql, ORDER_NO_SEQUENCE } from './doc-numbers.ts';

describe('document numbers', () => {
  it('carry the China day, not the UTC day', () => {
    // 2026-11-30 16:30 UTC is 2026-12-01 00:30 in China.
    expect(documentNumber('ZB', 42, 6, '2026-11-30T16:30:00Z')).toBe('ZB20261201000042');
    expect(documentNumber('ZB', 42, 6, '2026-11-30T15:59:59Z')).toBe('ZB20261130000042');
    expect(documentNumber('XJ', 'D001', 0, new Date('2026-12-31T16:00:00Z'))).toBe('XJ20270101D001');
  });

  it('in the database read as the migrations wrote them (no schema change) and refuse odd forms', () => {
    const text = new PgDialect().sqlToQuery(documentNumberSql('D', ORDER_NO_SEQUENCE, 8)).sql;
    expect(text).toBe("('D' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('order_no_seq')::text, 8, '0'))");
    expect(() => documentNumberSql("D' || x", ORDER_NO_SEQUENCE, 8)).toThrow();
    expect(() => documentNumberSql('D', 'order_no_seq; drop', 8)).toThrow();
  });
});
