import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { atNow } from './columns.ts';
import { companies, users } from './company.ts';

/**
 * Workbench menu entries (docs/product/workbench.md#menus), one tree per company type (2 supplier, 4 purchaser). `code` is a stable key
 * so the defaults can be ensured idempotently; `everyone` entries show to every user of the type without a grant.
 */
export const webMenus = pgTable(
  'web_menus',
  {
    id: serial().primaryKey(),
    code: varchar({ length: 60 }).notNull().unique(),
    companyType: smallint().notNull(),
    parentId: integer(),
    name: varchar({ length: 40 }).notNull(),
    icon: varchar({ length: 40 }).notNull().default(''),
    linkPath: varchar({ length: 300 }).notNull().default(''),
    sort: integer().notNull().default(0),
    everyone: boolean().notNull().default(false),
    hidden: boolean().notNull().default(false),
  },
  (t) => [index().on(t.companyType, t.sort)],
);

/**
 * A company role: granted menu entries plus action permissions. Presets (`companyId` null, `presetKey` set)
 * are read-only templates offered to every company of `companyType`.
 */
export const roles = pgTable(
  'roles',
  {
    id: serial().primaryKey(),
    companyId: integer().references(() => companies.id),
    companyType: smallint().notNull(),
    presetKey: varchar({ length: 40 }).unique(),
    name: varchar({ length: 30 }).notNull(),
    description: varchar({ length: 200 }).notNull().default(''),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [index().on(t.companyId), uniqueIndex('roles_company_name_uq').on(t.companyId, t.name)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer()
      .notNull()
      .references(() => webMenus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/** Action permission codes (shared PERMISSIONS) granted by a role. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    code: varchar({ length: 40 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.code] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index().on(t.roleId)],
);
