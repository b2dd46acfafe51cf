import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { XLSX_MIME } from '@aquamall/shared';
import { contractPriceImportEndpoints as p, customerGroupEndpoints as g } from '@aquamall/shared/endpoints';
import { attachmentHeader } from '../../lib/download.ts';
import { ok } from '../../lib/envelope.ts';
import { receiveOneFile } from '../../lib/multipart-file.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import {
  addCustomerGroupMembers,
  createCustomerGroup,
  customerGroupMembersOf,
  deleteCustomerGroup,
  listCustomerGroups,
  removeCustomerGroupMembers,
  renameCustomerGroup,
} from './customer-groups.ts';
import { fail } from './messages.ts';
import { buildPriceListTemplate, importPriceList } from './price-import.ts';

/** Customer groups (客户分组) and price lists in Excel (decision 0218); multipart stays inside this plugin. */
export default async function priceListRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 } });

  route(app, p.contractPriceTemplate, async (_request, reply) =>
    reply
      .type(XLSX_MIME)
      .header('content-disposition', attachmentHeader('contract-prices.xlsx', '协议价导入模板.xlsx'))
      .send(await buildPriceListTemplate()),
  );
  route(app, p.contractPriceImport, async (request) => {
    const caller = companyCaller(request);
    const file = await receiveOneFile(request, {
      required: () => fail('PRICE_IMPORT_FILE_REQUIRED'),
      tooLarge: () => fail('PRICE_IMPORT_FILE_TOO_LARGE'),
      malformed: () => fail('PRICE_IMPORT_FILE_MALFORMED'),
    });
    const r = await importPriceList(app.db, caller, file.body);
    return ok(
      r,
      r.imported
        ? `导入完成：新增${r.created}条，修改${r.updated}条，未变${r.unchanged}条`
        : `${new Set(r.errors.map((e) => e.row)).size}行有错误，整个文件未导入`,
    );
  });

  route(app, g.customerGroupList, async (request) => ok(await listCustomerGroups(app.db, companyCaller(request), request.body)));
  route(app, g.customerGroupCreate, async (request) =>
    ok(await createCustomerGroup(app.db, companyCaller(request), request.body.name), '分组已创建'),
  );
  route(app, g.customerGroupRename, async (request) => {
    await renameCustomerGroup(app.db, companyCaller(request), request.body.id, request.body.name);
    return ok(null, '分组已重命名');
  });
  route(app, g.customerGroupDelete, async (request) => {
    await deleteCustomerGroup(app.db, companyCaller(request), request.body.id);
    return ok(null, '分组已删除');
  });
  route(app, g.customerGroupMembers, async (request) => ok(await customerGroupMembersOf(app.db, companyCaller(request), request.query)));
  route(app, g.customerGroupAddMembers, async (request) => {
    const r = await addCustomerGroupMembers(app.db, companyCaller(request), request.body.id, request.body.companyIds);
    return ok(r, r.added ? `已加入${r.added}家采购商` : '所选采购商已在分组中');
  });
  route(app, g.customerGroupRemoveMembers, async (request) => {
    await removeCustomerGroupMembers(app.db, companyCaller(request), request.body.id, request.body.companyIds);
    return ok(null, '已移出分组');
  });
}
