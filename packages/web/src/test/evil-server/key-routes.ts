import type { KeyShare, ReshareKeyAttributes } from '@coffer/core';
import { KEY_FOR_STRANGER_MESSAGE, KEYSHARE_FETCH_LIMIT } from '@coffer/core';
import type { Answer, EvilRequest, HonestRoute, RouteContext } from './route-kit.js';
import { bodyField, refuse } from './route-kit.js';

/** The key routes the crypto client uses: readers' public keys, the reshare, broken keys, endorsements. */
export const keyRoutes: Record<string, HonestRoute> = {
  'GET /api/v1/vaults/:id/public_keys.json': publicKeys,
  'GET /api/v1/secret_keys/reshare_all.json': (request, context) => missingKeys(request, context, () => true),
  'POST /api/v1/secret_keys/reshare_user.json': (request, context) => {
    const id = scopeId(request);
    return missingKeys(request, context, (userId) => userId === id);
  },
  'POST /api/v1/secret_keys/reshare_team.json': (request, context) => {
    const id = scopeId(request);
    const members = new Set(
      context.model.memberships.filter((row) => row.team_id === id).map((row) => row.user_id),
    );
    return missingKeys(request, context, (userId) => members.has(userId));
  },
  'POST /api/v1/secret_keys/reshare.json': deliverKeys,
  'POST /api/v1/secret_keys/:id/broken.json': reportBroken,
  'GET /api/v1/users/:id/key_endorsement.json': keyEndorsement,
};

// Body of reshare_user and reshare_team: `{ id }`.
function scopeId(request: EvilRequest): string | undefined {
  const body = request.body as { id?: unknown } | undefined;
  return typeof body?.id === 'string' ? body.id : undefined;
}

// Everyone who must read a secret in the chest (hidden: administrators only), with their public keys and why.
function publicKeys(request: EvilRequest, { model }: RouteContext): Answer<unknown> {
  const caller = request.caller;
  if (!caller) return refuse.unauthorized();
  const chestId = request.params.id ?? '';
  if (!model.readers(chestId, false).has(caller.id)) return refuse.notFound();
  const hidden = request.query.get('hidden') === 'true';
  const items = [...model.readers(chestId, hidden)].map((userId) => ({
    user_id: userId,
    public_key: model.users.get(userId)?.publicKey ?? '',
    reasons: model.reasonsFor(userId, chestId, hidden),
  }));
  return { status: 200, body: { items } };
}

// Missing pairs the caller can fill (administrators only), by secret then user, as the server lists them.
function missingKeys(
  request: EvilRequest,
  { model }: RouteContext,
  wanted: (userId: string) => boolean,
): Answer<unknown> {
  const caller = request.caller;
  if (!caller) return refuse.unauthorized();
  if (!caller.administrator) return refuse.forbidden();
  // Each pair says where its secret is, with its signed header (the real server's answer since issue
  // 30's reshare gate).
  const pairs: (KeyShare & { vault_id: string; hidden: boolean })[] = [];
  for (const secret of [...model.secrets.values()].sort((a, b) => a.id.localeCompare(b.id))) {
    const own = secret.keys.get(caller.id);
    if (own === undefined || secret.deleted_at) continue;
    for (const userId of [...model.readersOf(secret.id)].sort())
      if (!secret.keys.has(userId) && wanted(userId))
        pairs.push({
          secret_id: secret.id,
          user_id: userId,
          public_key: model.users.get(userId)?.publicKey ?? '',
          encrypted_value: own,
          vault_id: secret.vault_id,
          hidden: secret.hidden,
          signed_header: secret.signed_header ?? null,
        });
  }
  const limit = Math.min(Number(request.query.get('limit') ?? KEYSHARE_FETCH_LIMIT), KEYSHARE_FETCH_LIMIT);
  return { status: 200, body: { keyshare: pairs.slice(0, limit), total: pairs.length } };
}

// Stores missing keys only, and only for readers of each secret (else nothing is written: 400).
function deliverKeys(request: EvilRequest, { model, record }: RouteContext): Answer<unknown> {
  const caller = request.caller;
  if (!caller) return refuse.unauthorized();
  const shares =
    bodyField<{ secret_keys_attributes: ReshareKeyAttributes[] }>(request, 'key_reshare_handler')
      .secret_keys_attributes ?? [];
  const bySecret = new Map<string, ReshareKeyAttributes[]>();
  for (const share of shares)
    bySecret.set(share.secret_id, [...(bySecret.get(share.secret_id) ?? []), share]);
  for (const [secretId, given] of bySecret)
    record({ route: request.route, secretId, readers: model.readersOf(secretId), shares: given });
  if (!caller.administrator) return refuse.forbidden();
  if (shares.some((share) => !model.readersOf(share.secret_id).has(share.user_id)))
    return refuse.badRequest(KEY_FOR_STRANGER_MESSAGE);
  let count = 0;
  for (const share of shares) {
    const secret = model.secrets.get(share.secret_id);
    if (!secret || secret.keys.has(share.user_id)) continue;
    secret.keys.set(share.user_id, share.encrypted_value);
    count += 1;
  }
  return { status: 200, body: { count } };
}

// The caller's own key does not open: it is dropped, so it shows as missing to administrators.
function reportBroken(request: EvilRequest, { model }: RouteContext): Answer<unknown> {
  const caller = request.caller;
  if (!caller) return refuse.unauthorized();
  const secret = model.secrets.get(request.params.id ?? '');
  if (!secret || !model.readersOf(secret.id).has(caller.id) || !secret.keys.delete(caller.id))
    return refuse.notFound();
  return { status: 204 };
}

function keyEndorsement(request: EvilRequest, { model }: RouteContext): Answer<unknown> {
  if (!request.caller) return refuse.unauthorized();
  const user = model.users.get(request.params.id ?? '');
  if (!user) return refuse.notFound();
  return {
    status: 200,
    body: {
      user_id: user.id,
      public_key: user.publicKey,
      endorsing_public_key: user.endorsement?.endorsingPublicKey ?? null,
      key_endorsement: user.endorsement?.signature ?? null,
    },
  };
}
