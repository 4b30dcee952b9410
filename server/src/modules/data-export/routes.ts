import type { FastifyInstance } from 'fastify';
import type { MemberLimits } from '../../plugins/rate-limit.ts';
import { requireSession } from '../auth/authentication.ts';
import type { DataExportService } from './service.ts';

export function dataExportRoutes(dataExport: DataExportService, limits: MemberLimits) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get(
      '/api/me/data',
      {
        schema: { tags: ['account'], summary: 'Everything Swapyard keeps about the member, as one zip archive' },
        preHandler: limits.dataExports,
      },
      async (request, reply) => {
        const archive = dataExport.archive(requireSession(request));
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="swapyard-data-${day}.zip"`)
          .header('cache-control', 'no-store')
          .send(archive);
      },
    );
  };
}
