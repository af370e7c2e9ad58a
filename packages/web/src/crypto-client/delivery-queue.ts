/**
 * Shares wait here until a delivery's worth is ready, then go to the server one delivery at a time,
 * while the workers rewrap on. The server stores each delivery in one write transaction; on SQLite
 * that runs on its only event loop, so small deliveries keep every other request's wait short
 * (docs/benchmarks.md, "Resharing missing keys"), and one at a time keeps a run from crowding it.
 */
export class DeliveryQueue<Share> {
  private waiting: Share[] = [];
  private chain: Promise<void> = Promise.resolve();
  private delivered = 0;
  private failure: unknown = null;

  constructor(
    private readonly size: number,
    private readonly send: (shares: Share[]) => Promise<number>,
  ) {}

  /** Adds shares; whole deliveries among what waits are sent (after those before them). */
  add(shares: readonly Share[]): void {
    this.waiting.push(...shares);
    while (this.waiting.length >= this.size) this.enqueue(this.waiting.splice(0, this.size));
  }

  /** Sends what still waits and answers how many keys the server stored; rejects with the first failure. */
  async finish(): Promise<number> {
    if (this.waiting.length > 0) this.enqueue(this.waiting.splice(0));
    await this.chain;
    if (this.failure !== null) throw this.failure;
    return this.delivered;
  }

  private enqueue(shares: Share[]): void {
    this.chain = this.chain.then(async () => {
      // After a failure nothing more is sent: the run stops and reports it.
      if (this.failure !== null) return;
      try {
        this.delivered += await this.send(shares);
      } catch (error) {
        this.failure = error;
      }
    });
  }
}
