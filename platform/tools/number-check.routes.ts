import type { FastifyInstance } from 'fastify';
import {
  aimMaterialDeleteEndpoint,
  aimMaterialListEndpoint,
  aimOnlineMobileCheckEndpoint,
  aimTemplateListEndpoint,
  batchCheckEndpoint,
  mobileBlackStatisticsEndpoint,
  numberPortingStatisticsEndpoint,
  numberStatusBatchListEndpoint,
  numberStatusDownloadEndpoint,
  numberStatusStatisticsEndpoint,
  numberStatusCustomerListEndpoint,
  onlineCheckEndpoint,
} from '../../contract/endpoints/number-check.endpoints';
import type { CurrentUser } from '../core/current-user';
import { canSee, readableCusIds, scopeCusIdsMatching } from '../auth/scope';
import type { AppContext } from '../core/context';
import { badRequest, notFound } from '../http/api-error';
import { authedRoute as route } from '../lists/read-route';
import { route as commandRoute } from '../http/route';
import { NUMBER_STATUS_LABEL, numberStatusOf } from '../records/number-status';
import { sendXlsx } from '../lists/xlsx-export';
import { findFile, readFileBytes } from '../library/files';
import { SheetError } from '../library/sheet-errors';
import { sheetRows } from '../library/sheets';
import { countStatuses } from './number-check.worker';
import {
  aimMaterialPage,
  aimTemplatePage,
  batchMobiles,
  batchPage,
  deleteAimMaterial,
  insertBatch,
  ratioStatistics,
  scopedWhere,
  statusCustomers,
  statusStatistics,
  type Scoped,
} from './number-checks';

// Number checks: status checks recorded as batches, their statistics, AIM materials and templates,
// number-porting and blacklist statistics. All reads are scoped to the caller's visible accounts.

export const MAX_CHECK_NUMBERS = 100_000;

/** Scope (the caller's visible accounts, or the one asked for) and time range. */
const scopedTo = (user: CurrentUser, body: Scoped) => scopedWhere(scopeCusIdsMatching(user, body.cus_id), body);

/** The numbers of an uploaded sheet: first column, rows after the header, blanks skipped. */
async function sheetMobiles(ctx: AppContext, user: CurrentUser, fileId: string): Promise<string[]> {
  const file = await findFile(ctx.db, fileId, readableCusIds(user, 'data'));
  if (!file) throw badRequest('numberCheck.fileRequired', {}, 'fileId');
  const out: string[] = [];
  try {
    for await (const r of sheetRows(await readFileBytes(ctx, file))) {
      const cell = (r.cells[0] ?? '').trim();
      if (r.row === 1 && !/\d{5,}/.test(cell)) continue;
      if (cell) out.push(cell.replace(/\s+/g, ''));
      if (out.length > MAX_CHECK_NUMBERS) break;
    }
  } catch (err) {
    if (err instanceof SheetError && err.reason === 'tooComplex')
      throw badRequest('library.uploadTooComplex', {}, 'fileId');
    throw badRequest('numberCheck.badFile', {}, 'fileId');
  }
  return out;
}

/** Unique numbers of a check, refused when empty or above the limit. */
function checkList(mobiles: string[]): string[] {
  const unique = [...new Set(mobiles)];
  if (unique.length === 0) throw badRequest('numberCheck.noMobile', {}, 'mobiles');
  if (unique.length > MAX_CHECK_NUMBERS) throw badRequest('numberCheck.tooMany', { max: MAX_CHECK_NUMBERS }, 'mobiles');
  return unique;
}

/** `worker` checks accepted batches in the background; a new batch wakes it. */
export function registerNumberCheckRoutes(app: FastifyInstance, ctx: AppContext, worker: { wake: () => void }): void {
  const ownAccount = (user: CurrentUser, cusId?: string) =>
    cusId && canSee(user, cusId, 'data') ? cusId : user.cus_id;

  route(app, ctx, onlineCheckEndpoint, async ({ body, user }) => {
    const mobiles = checkList(body.mobiles);
    const results = mobiles.map((mobile) => ({ mobile, status: numberStatusOf(mobile) }));
    const batch = await insertBatch(
      ctx.db,
      ownAccount(user, body.cus_id),
      body.batch_name,
      mobiles,
      countStatuses(mobiles),
      ctx.now(),
    );
    return { ...batch, results };
  });

  // a command of the console's outbox: Idempotency-Key makes a retried push accept the batch once
  commandRoute(
    app,
    ctx,
    batchCheckEndpoint,
    async ({ body, user, message }) => {
      const caller = user!;
      if (!body.fileId && !body.mobiles) throw badRequest('numberCheck.fileRequired', {}, 'fileId');
      const mobiles = checkList(body.fileId ? await sheetMobiles(ctx, caller, body.fileId) : (body.mobiles ?? []));
      const batch = await insertBatch(
        ctx.db,
        ownAccount(caller, body.cus_id),
        body.batch_name,
        mobiles,
        null,
        ctx.now(),
      );
      worker.wake();
      message('numberCheck.started');
      return batch;
    },
    { idempotent: true },
  );

  route(app, ctx, numberStatusDownloadEndpoint, async ({ body, user, lang, reply }) => {
    const row = await batchMobiles(ctx.db, body.batch_id, readableCusIds(user, 'data'));
    if (!row) throw notFound('numberCheck.batchNotFound');
    await sendXlsx(
      reply,
      lang,
      'number-check',
      [
        { label: { zh: '手机号码', en: 'Phone number' }, value: 'mobile' },
        { label: { zh: '状态', en: 'Status' }, value: 'status' },
      ],
      (async function* () {
        for (const mobile of row.mobiles) yield { mobile, status: NUMBER_STATUS_LABEL[numberStatusOf(mobile)][lang] };
      })(),
    );
  });

  route(app, ctx, numberStatusBatchListEndpoint, async ({ body, user }) =>
    batchPage(ctx.db, scopedTo(user, body), body.batch_name, body),
  );

  route(app, ctx, numberStatusStatisticsEndpoint, async ({ body, user }) =>
    statusStatistics(ctx.db, scopedTo(user, body), body),
  );

  route(app, ctx, numberStatusCustomerListEndpoint, async ({ body, user }) =>
    statusCustomers(ctx.db, scopedTo(user, body), body),
  );

  const porting = ratioStatistics('porting');
  const black = ratioStatistics('black');
  route(app, ctx, numberPortingStatisticsEndpoint, async ({ body, user }) =>
    porting(ctx.db, scopedTo(user, body), body),
  );
  route(app, ctx, mobileBlackStatisticsEndpoint, async ({ body, user }) => black(ctx.db, scopedTo(user, body), body));

  route(app, ctx, aimMaterialListEndpoint, async ({ body, user }) =>
    aimMaterialPage(ctx.db, scopedTo(user, body), body.name, body),
  );
  commandRoute(
    app,
    ctx,
    aimMaterialDeleteEndpoint,
    async ({ body, user, message }) => {
      if (!(await deleteAimMaterial(ctx.db, body.material_id, readableCusIds(user!, 'data'))))
        throw notFound('aim.materialNotFound');
      message('common.deleted');
      return { material_id: body.material_id };
    },
    { idempotent: true },
  );
  route(app, ctx, aimTemplateListEndpoint, async ({ body, user }) =>
    aimTemplatePage(ctx.db, scopedTo(user, body), body.template_name, body),
  );
  route(app, ctx, aimOnlineMobileCheckEndpoint, async ({ body, lang, reply }) => {
    const mobiles = [...new Set(body.mobiles)];
    if (mobiles.length === 0) throw badRequest('numberCheck.noMobile', {}, 'mobiles');
    if (mobiles.length > MAX_CHECK_NUMBERS)
      throw badRequest('numberCheck.tooMany', { max: MAX_CHECK_NUMBERS }, 'mobiles');
    const rows = mobiles.map((mobile) => ({ mobile, status: NUMBER_STATUS_LABEL[numberStatusOf(mobile)][lang] }));
    await sendXlsx(
      reply,
      lang,
      'aim-check',
      [
        { label: { zh: '手机号码', en: 'Phone number' }, value: 'mobile' },
        { label: { zh: '状态', en: 'Status' }, value: 'status' },
      ],
      (async function* () {
        yield* rows;
      })(),
    );
  });
}
