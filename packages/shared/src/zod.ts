import { z } from 'zod';

// Validation messages in Chinese on both sides (zod's built-in zh-CN locale).
z.config(z.locales.zhCN());

export { z };
