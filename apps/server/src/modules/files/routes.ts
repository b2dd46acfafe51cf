import type { FastifyInstance } from 'fastify';
import fileHostRoutes from './host-routes.ts';
import fileListRoutes from './list-routes.ts';
import uploadRoutes from './upload-routes.ts';

/** The file host (/f/...), uploads (/file/upload, /UploadHandler.ashx) and the caller's upload records. */
export default async function filesRoutes(app: FastifyInstance) {
  await app.register(fileHostRoutes);
  await app.register(uploadRoutes);
  await app.register(fileListRoutes);
}
