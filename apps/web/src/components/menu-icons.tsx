import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  CustomerServiceOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  ProfileOutlined,
  ShoppingCartOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The icon names the server may send for menu entries; unknown names fall back to a neutral icon. */
const ICONS: Record<string, ComponentType> = {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  CustomerServiceOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  ProfileOutlined,
  ShoppingCartOutlined,
  UserOutlined,
};

export function MenuIcon({ name }: { name: string }) {
  if (!name) return null;
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
