import { PAYMENT_COUNTRIES, type TestPaymentMethodRequest } from '@coffer/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_API, buildBillingOrganisation, testCard } from '../../test/billing-fixtures.js';
import { callApi } from '../../test/chest-scenario.js';
import { createLogCapture, createTestContext, type TestContext } from '../../test/test-app.js';

const YEAR = new Date().getUTCFullYear();
// Every card number any test here sends; none may be found anywhere afterwards.
const NUMBERS = ['4242424242424242', '378282246310005', '5555555555554444', '6011111111111117'];

describe('POST /api/v1/billing_api/test_payment_methods (BILLING=local)', () => {
  let context: TestContext;
  let token: string;
  let organisationId: string;
  const logs = createLogCapture();

  beforeAll(async () => {
    context = await createTestContext({ env: { BILLING: 'local' }, logStream: logs });
    ({ ownerToken: token, organisationId } = await buildBillingOrganisation(context.db));
  });
  afterAll(async () => {
    await context.close();
  });

  const post = (body: object) =>
    callApi(context.app, token, 'POST', `${BILLING_API}/test_payment_methods`, body);
  const storedCards = () =>
    context.db
      .selectFrom('billing_payment_methods')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .execute();

  it.each([
    ['4242 4242 4242 4242', 'visa', '4242', '123'],
    ['378282246310005', 'amex', '0005', '1234'],
    ['5555-5555-5555-4444', 'mastercard', '4444', '123'],
    ['6011111111111117', 'discover', '1117', '123'],
  ])(
    'turns %s into a %s payment method, keeping only brand, last4 and expiry',
    async (number, brand, last4, cvc) => {
      const response = await post(testCard({ number, cvc, exp_month: 3, exp_year: YEAR + 1 }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: expect.stringMatching(/^pm_[0-9a-f]{24}$/),
        card: { brand, last4, exp_month: 3, exp_year: YEAR + 1 },
        billing_details: testCard().billing_details,
      });
    },
  );

  const refusals: [name: string, body: TestPaymentMethodRequest, message: string][] = [
    ['a number failing Luhn', testCard({ number: '4242424242424241' }), 'Your card number is invalid.'],
    ['a number too short', testCard({ number: '4242' }), 'Your card number is invalid.'],
    ['letters in the number', testCard({ number: '4242abcd42424242' }), 'Your card number is invalid.'],
    ['an unknown brand', testCard({ number: '9999999999999995' }), 'Your card brand is not supported.'],
    ['month 13', testCard({ exp_month: 13 }), "Your card's expiration month is invalid."],
    ['month 0', testCard({ exp_month: 0 }), "Your card's expiration month is invalid."],
    ['a two-digit year', testCard({ exp_year: 30 }), "Your card's expiration year is invalid."],
    ['last year', testCard({ exp_year: YEAR - 1 }), 'Your card has expired.'],
    ['a short security code', testCard({ cvc: '12' }), "Your card's security code is invalid."],
    [
      'three digits for amex',
      testCard({ number: '378282246310005', cvc: '123' }),
      "Your card's security code is invalid.",
    ],
    ['a declined test card', testCard({ number: '4000000000000002' }), 'Your card was declined.'],
    ['insufficient funds', testCard({ number: '4000000000009995' }), 'Your card has insufficient funds.'],
    ['no name', testCard({}, {}, null), 'Required field Full Name is empty.'],
    ['no first address line', testCard({}, { line1: '  ' }), 'Required field Address Line 1 is empty.'],
    ['no city', testCard({}, { city: null }), 'Required field City is empty.'],
    ['no country', testCard({}, { country: '' }), 'Required field Country is empty.'],
    [
      'a country outside the payment list',
      testCard({}, { country: 'AF' }),
      'Field Country must be one of the supported countries.',
    ],
  ];

  it.each(refusals)('refuses %s with a clear message and stores nothing', async (_name, body, message) => {
    const before = (await storedCards()).length;
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [message] });
    expect(await storedCards()).toHaveLength(before);
  });

  it('refuses a malformed body with the field named', async () => {
    const response = await post({ card: { number: '4242424242424242' }, billing_details: { address: {} } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatch(/^Field card\.\w+ is required$/);
  });

  it('accepts every payment country, in any case', async () => {
    expect(PAYMENT_COUNTRIES).toContain('US');
    const response = await post(testCard({}, { country: 'us' }));
    expect(response.json().billing_details.address.country).toBe('US');
  });

  it('keeps no card number or security code anywhere: not in a row, not in the log', async () => {
    await post(testCard({ number: '4242424242424242', cvc: '987' }));
    const tables = await context.db.introspection.getTables();
    let dump = '';
    for (const table of tables) {
      const rows = await sql`select * from ${sql.table(table.name)}`.execute(context.db);
      dump += JSON.stringify(rows.rows);
    }
    for (const number of NUMBERS) {
      expect(dump).not.toContain(number);
      expect(logs.text()).not.toContain(number);
    }
    expect(dump).not.toContain('4242 4242 4242 4242');
    const columns =
      tables.find((t) => t.name === 'billing_payment_methods')?.columns.map((c) => c.name) ?? [];
    expect(columns.filter((name) => /number|cvc|cvv/.test(name))).toEqual([]);
  });
});
