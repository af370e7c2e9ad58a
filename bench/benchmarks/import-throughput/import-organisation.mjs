// The organisation import-throughput imports into, made through the real API as a team would make it:
// an administrator registered (keys made here with core's crypto, the mailed confirmation read from the
// server's outbox), readers added by the administrator into the default team, and a chest linked to that
// team, so every secret saved there is wrapped for all of them. A second chest holds a page of secrets
// for the list the second client keeps asking for while the import runs.
import { randomBytes } from 'node:crypto';
import { callApi, confirmByMail, sealedAccount, signInThroughApi } from '../../lib/registered-account.mjs';
import { sealedPasswordSecret } from '../../lib/sealed-secret.mjs';

/** Signs `email` in as the web app does: answers a session token. */
export async function signInToken(server, email, password) {
  return (await signInThroughApi(server, email, password)).token;
}

/**
 * Registers the organisation, adds `readers - 1` users to its default team, makes the import chest and
 * the probe chest (both linked to that team) and seals `probeSecrets` secrets into the probe chest.
 * Answers { administrator: { email, password }, token, importChestId, probeChestId, readers }.
 */
export async function makeImportOrganisation(server, { readers, probeSecrets, log }) {
  const tag = `${Date.now()}-${randomBytes(3).toString('hex')}`;
  const administrator = {
    email: `import-admin-${tag}@bench.example`,
    password: `Coffer-${randomBytes(8).toString('hex')}-Import!`,
  };
  log(`  registering an organisation and adding ${readers - 1} readers through the API`);
  await callApi(server, null, 'POST', '/users', {
    user: {
      email: administrator.email,
      name: 'Import Administrator',
      ...(await sealedAccount(administrator.email, administrator.password)).fields,
      owned_organisation_attributes: { name: `Import Bench ${tag}` },
      termsOfService: true,
    },
  });
  await confirmByMail(server, administrator.email);
  const token = await signInToken(server, administrator.email, administrator.password);
  const teams = (await callApi(server, token, 'GET', '/api/v1/teams.json')).body.items;
  const everyone = teams.find((team) => team.default_for_new_users);
  if (!everyone) throw new Error('the organisation has no default team');
  for (let index = 1; index < readers; index += 1) {
    const email = `import-reader-${index}-${tag}@bench.example`;
    await callApi(server, token, 'POST', '/api/v1/users.json', {
      user: {
        name: `Reader ${index}`,
        email,
        ...(await sealedAccount(email, `Coffer-${randomBytes(8).toString('hex')}-Reader!`)).fields,
        team_ids: [everyone.id],
      },
    });
  }
  const chest = async (name) =>
    (
      await callApi(server, token, 'POST', '/api/v1/vaults.json', {
        vault: { name, assignments_attributes: [{ team_id: everyone.id, edit_access: true }] },
      })
    ).body.id;
  const importChestId = await chest('Imported');
  const probeChestId = await chest('Operations');
  const keys = (await callApi(server, token, 'GET', `/api/v1/vaults/${importChestId}/public_keys.json`)).body
    .items;
  if (keys.length !== readers) throw new Error(`the chest has ${keys.length} readers, not ${readers}`);
  for (let index = 0; index < probeSecrets; index += 1) {
    const secret = await sealedPasswordSecret({
      chestId: probeChestId,
      name: `Server ${index}`,
      readers: keys,
    });
    await callApi(server, token, 'POST', '/api/v1/secrets.json', { secret });
  }
  return { administrator, token, importChestId, probeChestId, readers: keys.length };
}
