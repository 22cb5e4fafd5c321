import type { Redis, Result } from "ioredis";

/** A flood window: at most `max` messages per sender within `seconds` (docs/decisions/039-chat-rules.md). */
export interface FloodWindow {
  seconds: number;
  max: number;
}

/** A message a sender stored within the longest window, as the store knows it: what a counter starts from. */
export interface SentMark {
  member: string;
  at: number;
}

/**
 * `taken`: the message took a place within every window; `held`: one with this member already holds a place (a
 * resend of the same client id), so it is not counted again; `refused`: a window is full.
 */
export type Allowance = "taken" | "held" | "refused";

/**
 * Per-sender flood counters kept beside the store instead of counted from its rows for every message (decision 101).
 * A message's member is its client id when it has one, so every try of one message holds one place. A sender the
 * counter does not know yet (a new process, an expired key) is read from the store first, so a restart forgets
 * nothing and the rows stay the record.
 */
export interface FloodAllowance {
  take(senderId: number, member: string): Promise<Allowance>;
  /** Frees a place taken by a message that was then refused or not stored. */
  giveBack(senderId: number, member: string): Promise<void>;
}

const longestMs = (windows: readonly FloodWindow[]) => Math.max(...windows.map(({ seconds }) => seconds)) * 1000;

/**
 * In this process's memory: what a process running alone (no REDIS_URL, so no other process shares its sockets)
 * needs. Exact, as every take runs to its end without yielding once the sender is known.
 */
export function memoryFloodAllowance(
  windows: readonly FloodWindow[],
  readSent: (senderId: number) => Promise<SentMark[]>,
): FloodAllowance & { forgetIdle(): void } {
  const longest = longestMs(windows);
  // Members in the order they were taken, oldest first: a Map keeps insertion order.
  const senders = new Map<number, Map<string, number>>();
  const reading = new Map<number, Promise<void>>();

  const known = async (senderId: number) => {
    let marks = senders.get(senderId);
    while (!marks) {
      let read = reading.get(senderId);
      if (!read) {
        read = readSent(senderId).then(
          (sent) => {
            if (!senders.has(senderId)) {
              senders.set(senderId, new Map(sent.sort((a, b) => a.at - b.at).map(({ member, at }) => [member, at])));
            }
          },
          (error: unknown) => {
            reading.delete(senderId);
            throw error;
          },
        );
        reading.set(senderId, read);
      }
      await read;
      reading.delete(senderId);
      marks = senders.get(senderId);
    }
    return marks;
  };

  const prune = (marks: Map<string, number>, now: number) => {
    for (const [member, at] of marks) {
      if (at > now - longest) break;
      marks.delete(member);
    }
  };

  return {
    async take(senderId, member) {
      const marks = await known(senderId);
      const now = Date.now();
      prune(marks, now);
      if (marks.has(member)) return "held";
      for (const { seconds, max } of windows) {
        let within = 0;
        for (const at of marks.values()) if (at > now - seconds * 1000) within += 1;
        if (within >= max) return "refused";
      }
      marks.set(member, now);
      return "taken";
    },
    async giveBack(senderId, member) {
      senders.get(senderId)?.delete(member);
    },
    /** Drops the senders who sent nothing within the longest window: they are read from the store if they return. */
    forgetIdle() {
      const now = Date.now();
      for (const [senderId, marks] of senders) {
        prune(marks, now);
        if (marks.size === 0) senders.delete(senderId);
      }
    },
  };
}

/**
 * One sorted set per sender (member → when, in ms), with a marker member scored +inf that says the set was read from
 * the store. Taking checks every window and adds in one script, so concurrent sends on every process pass exactly the
 * limit.
 */
const TAKE = `
local key = KEYS[1]
if redis.call('exists', key) == 0 then return -1 end
local now = tonumber(ARGV[1])
local longest = tonumber(ARGV[3])
redis.call('zremrangebyscore', key, '-inf', now - longest)
if redis.call('zscore', key, ARGV[2]) then return 1 end
for i = 4, #ARGV, 2 do
  if redis.call('zcount', key, '(' .. (now - tonumber(ARGV[i])), '(+inf') >= tonumber(ARGV[i + 1]) then return 0 end
end
redis.call('zadd', key, now, ARGV[2])
redis.call('pexpire', key, longest)
return 2`;

/** Fills a sender's set from the store, unless another process did meanwhile. */
const SEED = `
local key = KEYS[1]
if redis.call('exists', key) == 1 then return 0 end
redis.call('zadd', key, '+inf', '~read')
for i = 2, #ARGV, 2 do redis.call('zadd', key, ARGV[i], ARGV[i + 1]) end
redis.call('pexpire', key, ARGV[1])
return 1`;

declare module "ioredis" {
  interface RedisCommander<Context> {
    chatFloodTake(key: string, ...args: Array<string | number>): Result<number, Context>;
    chatFloodSeed(key: string, ...args: Array<string | number>): Result<number, Context>;
  }
}

/** In Redis, shared by every process (REDIS_URL): the sender's sends on any process count against one allowance. */
export function redisFloodAllowance(
  redis: Redis,
  windows: readonly FloodWindow[],
  readSent: (senderId: number) => Promise<SentMark[]>,
): FloodAllowance {
  const longest = longestMs(windows);
  redis.defineCommand("chatFloodTake", { numberOfKeys: 1, lua: TAKE });
  redis.defineCommand("chatFloodSeed", { numberOfKeys: 1, lua: SEED });
  const keyOf = (senderId: number) => `chat:flood:${senderId}`;
  const limits = windows.flatMap(({ seconds, max }) => [seconds * 1000, max]);
  const answers: Record<number, Allowance> = { 0: "refused", 1: "held", 2: "taken" };

  return {
    async take(senderId, member) {
      for (;;) {
        const answer = await redis.chatFloodTake(keyOf(senderId), Date.now(), member, longest, ...limits);
        if (answer !== -1) return answers[answer]!;
        const sent = await readSent(senderId);
        await redis.chatFloodSeed(keyOf(senderId), longest, ...sent.flatMap(({ member, at }) => [at, member]));
      }
    },
    async giveBack(senderId, member) {
      await redis.zrem(keyOf(senderId), member);
    },
  };
}
