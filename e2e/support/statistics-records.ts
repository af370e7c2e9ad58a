import { randomUUID } from 'node:crypto';
import type { StatisticsMetric } from '@coffer/core';
import Database from 'better-sqlite3';
import { databasePath } from './data-dir.js';

/** One day's figures of an organisation, as the server's daily recorder would have written them. */
export interface SeededDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  values: Partial<Record<StatisticsMetric, number>>;
}

/**
 * Writes daily records (one `data_records` row per figure and day) straight into the server's
 * SQLite file: the recorder takes a day only once it is over and never makes up days before an
 * organisation existed, so a journey's new organisation has none of its own to chart.
 */
export function seedDailyRecords(organisationId: string, days: readonly SeededDay[]): void {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare(
      'INSERT INTO data_records (id, organisation_id, metric, value, recorded_on, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const createdAt = new Date().toISOString();
    db.transaction(() => {
      for (const day of days) {
        for (const [metric, value] of Object.entries(day.values)) {
          insert.run(randomUUID(), organisationId, metric, value, day.date, createdAt);
        }
      }
    })();
  } finally {
    db.close();
  }
}

/** The UTC day `offset` days from today, as YYYY-MM-DD (negative: in the past). */
export function utcDay(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10);
}

/** A day as the web app writes it (en-GB): 24/11/2026. */
export function enGbDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}
