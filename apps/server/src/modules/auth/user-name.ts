import { sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';

/** A user's name as other people see it: real name, else nickname, else the phone number. */
export const userName = sql<string>`coalesce(nullif(${users.realName}, ''), nullif(${users.nickName}, ''), ${users.phone})`;
