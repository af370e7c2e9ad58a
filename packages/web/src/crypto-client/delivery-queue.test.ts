import { describe, expect, it } from 'vitest';
import { DeliveryQueue } from './delivery-queue.js';

function recordingServer(failOn?: number) {
  const sent: number[][] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const send = async (shares: number[]) => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight -= 1;
    if (sent.length === failOn) throw new Error('server said no');
    sent.push(shares);
    return shares.length;
  };
  return { sent, send, mostInFlight: () => mostInFlight };
}

describe('delivery queue', () => {
  it('sends whole deliveries as shares arrive, one at a time and in order, and the rest at the end', async () => {
    const server = recordingServer();
    const queue = new DeliveryQueue<number>(3, server.send);
    queue.add([1, 2]);
    queue.add([3, 4, 5, 6, 7]);
    queue.add([8]);
    expect(await queue.finish()).toBe(8);
    expect(server.sent).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
    expect(server.mostInFlight()).toBe(1);
  });

  it('stops sending at the first failure and rejects with it', async () => {
    const server = recordingServer(1);
    const queue = new DeliveryQueue<number>(2, server.send);
    queue.add([1, 2, 3, 4, 5, 6]);
    await expect(queue.finish()).rejects.toThrow('server said no');
    expect(server.sent).toEqual([[1, 2]]);
  });
});
