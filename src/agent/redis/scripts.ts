// The Redis layout every instance shares (docs/protocol.md, "Many instances: the Redis layout"),
// and the Lua scripts that change it: each script is one atomic step, so that two instances can
// never both win a call, and a re-ask never misses a result stored between two commands.

export const PREFIX = 'aik:';
export const DAY_MS = 86_400_000;

export const keys = {
  call: (id: string) => `${PREFIX}call:${id}`,
  result: (id: string) => `${PREFIX}result:${id}`,
  pending: (session: string) => `${PREFIX}session:${session}:pending`,
  owner: (session: string) => `${PREFIX}session:${session}:owner`,
  channel: (instance: string) => `${PREFIX}instance:${instance}`,
};

// Shared by the scripts: publish to the instance named first in an owner or caller value, and
// keep a session key alive a day past the latest activity (never shortening it: GT).
const HELPERS = `
local function tell(who, message)
  if who then redis.call('PUBLISH', '${PREFIX}instance:' .. string.match(who, '^(%S+)'), cjson.encode(message)) end
end
local function keep(key, ms)
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ms) else redis.call('PEXPIRE', key, ms, 'GT') end
end
`;

/**
 * A call asked (or re-asked) by an instance. KEYS: call, result, pending, owner. ARGV: id,
 * session, tool, frame, deadline (epoch ms), caller instance, now (epoch ms). Returns
 * `{'result', outcome}` when the call already resolved, else `{'call', frame}` with the frame
 * first stored for the id (its original deadline), after telling the owner to send it (or with
 * `'here'` when the owner is the asking instance, which then sends it itself).
 */
export const ASK = `${HELPERS}
local stored = redis.call('GET', KEYS[2])
if stored then return {'result', stored} end
local frame = redis.call('HGET', KEYS[1], 'frame')
if not frame then
  frame = ARGV[4]
  redis.call('HSET', KEYS[1], 'session', ARGV[2], 'tool', ARGV[3], 'frame', frame, 'deadline', ARGV[5])
end
redis.call('HSET', KEYS[1], 'caller', ARGV[6])
local deadline = tonumber(redis.call('HGET', KEYS[1], 'deadline'))
redis.call('PEXPIREAT', KEYS[1], deadline + ${DAY_MS})
redis.call('ZADD', KEYS[3], 'NX', ARGV[7], ARGV[1])
keep(KEYS[3], ${DAY_MS})
redis.call('PEXPIREAT', KEYS[3], deadline + ${DAY_MS}, 'GT')
local owner = redis.call('GET', KEYS[4])
if owner then keep(KEYS[4], ${DAY_MS}) end
-- The live connection on the asking instance itself: it sends the frame without a publish.
if owner and string.match(owner, '^(%S+)') == ARGV[6] then return {'call', frame, 'here'} end
tell(owner, {op = 'frame', session = ARGV[2], frame = frame})
return {'call', frame}
`;

/**
 * A result for a call (the kit's, or the caller's own at deadline + grace). KEYS: call, result,
 * pending. ARGV: id, tool, outcome. The first one stored wins (SET NX) and is published to the
 * call's caller: `{'won'}`; else `{'taken', stored}`; `{'unknown'}` for a call Redis does not
 * hold (its result is kept all the same), `{'mismatch'}` for a result of another tool.
 */
export const SETTLE = `${HELPERS}
local call = redis.call('HMGET', KEYS[1], 'tool', 'deadline', 'caller', 'session')
if not call[1] then
  -- A call Redis lost (restarted empty) or never held: kept a day for a re-ask of its id.
  redis.call('SET', KEYS[2], ARGV[3], 'NX', 'PX', ${DAY_MS})
  return {'unknown'}
end
if call[1] ~= ARGV[2] then return {'mismatch'} end
local won = redis.call('SET', KEYS[2], ARGV[3], 'NX', 'PXAT', tonumber(call[2]) + ${DAY_MS})
if not won then return {'taken', redis.call('GET', KEYS[2])} end
redis.call('ZREM', KEYS[3], ARGV[1])
keep(KEYS[3], ${DAY_MS})
tell(call[3], {op = 'result', session = call[4], id = ARGV[1], outcome = ARGV[3]})
return {'won'}
`;

/** A frame for the session's live connection, wherever it is. KEYS: owner. ARGV: session, frame. */
export const FORWARD = `${HELPERS}
tell(redis.call('GET', KEYS[1]), {op = 'frame', session = ARGV[1], frame = ARGV[2]})
return 1
`;

/** The agent stopped waiting: the call is forgotten and the kit told. KEYS: call, pending, owner. ARGV: id, session, frame. */
export const WITHDRAW = `${HELPERS}
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('DEL', KEYS[1])
tell(redis.call('GET', KEYS[3]), {op = 'frame', session = ARGV[2], frame = ARGV[3]})
return 1
`;

/**
 * The kit refused a call with an `error` message: its caller is told, unless the call already
 * resolved (a repeat that crossed its result). KEYS: call, result, pending. ARGV: id, error.
 */
export const REFUSE = `${HELPERS}
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
local call = redis.call('HMGET', KEYS[1], 'caller', 'session')
redis.call('ZREM', KEYS[3], ARGV[1])
tell(call[1], {op = 'error', session = call[2], id = ARGV[1], error = ARGV[2]})
return 1
`;

/** The frames of the session's unresolved calls, oldest first. KEYS: pending. */
export const PENDING = `${HELPERS}
local frames = {}
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local frame = redis.call('HGET', '${PREFIX}call:' .. id, 'frame')
  if frame then table.insert(frames, frame) else redis.call('ZREM', KEYS[1], id) end
end
if #frames > 0 then keep(KEYS[1], ${DAY_MS}) end
return frames
`;

/** A connection becomes the session's live one; the older one is told to close. KEYS: owner. ARGV: owner value, session. */
export const CLAIM = `${HELPERS}
local old = redis.call('GET', KEYS[1])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ${DAY_MS})
if old and old ~= ARGV[1] then tell(old, {op = 'supersede', session = ARGV[2], owner = old}) end
return 1
`;

/**
 * After this instance's subscription was away: is the connection it holds still the session's
 * live one? The owner key is set again if Redis lost it (restarted empty). KEYS: owner. ARGV:
 * owner value. Returns 1, or 0 when a newer connection took the session meanwhile.
 */
export const RECLAIM = `
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ${DAY_MS})
return 1
`;

/** A connection closed: the owner key goes only if it still names it. KEYS: owner. ARGV: owner value. */
export const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;
