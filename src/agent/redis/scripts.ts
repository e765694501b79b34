// The Redis layout every instance shares (docs/protocol.md, "Many instances: the Redis layout"),
// and the Lua scripts that change it: each script is one atomic step, so that two instances can
// never both win a call, and a re-ask never misses a result stored between two commands.

export const PREFIX = 'aik:';
export const DAY_MS = 86_400_000;
/** The audit trail's stream (`audit: 'redis'`, docs/protocol.md §11). */
export const AUDIT_STREAM = `${PREFIX}audit`;

export const keys = {
  call: (id: string) => `${PREFIX}call:${id}`,
  result: (id: string) => `${PREFIX}result:${id}`,
  pending: (session: string) => `${PREFIX}session:${session}:pending`,
  owner: (session: string) => `${PREFIX}session:${session}:owner`,
  grants: (session: string) => `${PREFIX}session:${session}:grants`,
  about: (session: string) => `${PREFIX}session:${session}:about`,
  inboxCalls: (owner: string) => `${PREFIX}inbox:${owner}:calls`,
  inbox: (owner: string) => `${PREFIX}inbox:${owner}`,
  channel: (instance: string) => `${PREFIX}instance:${instance}`,
  settled: (id: string) => `${PREFIX}settled:${id}`,
  notify: (id: string) => `${PREFIX}notify:${id}`,
};

// Shared by the scripts: publish to the instance named first in an owner or caller value; keep a
// session key alive a day past the latest activity (never shortening it: GT); read the actor a
// stored grant names; and append one audit record, its fields in the record's order (`actor`,
// `where` and `arguments` only when there are some: a runtime that predates `where` passes none), so that the record is written in the same step that
// decided the call and can be neither lost nor doubled by an instance dying in between.
const HELPERS = `
local function tell(who, message)
  if who then redis.call('PUBLISH', '${PREFIX}instance:' .. string.match(who, '^(%S+)'), cjson.encode(message)) end
end
local function keep(key, ms)
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ms) else redis.call('PEXPIRE', key, ms, 'GT') end
end
local function grantActor(grant)
  local ok, value = pcall(cjson.decode, grant)
  if ok and type(value) == 'table' and type(value.actor) == 'string' then return value.actor end
  return nil
end
local function audit(id, session, tool, sha, decision, source, actor, where, instance, asked, decided, arguments)
  local entry = {'call_id', id, 'session_id', session, 'tool', tool, 'arguments_sha256', sha, 'decision', decision, 'source', source}
  if actor then table.insert(entry, 'actor'); table.insert(entry, actor) end
  if where and where ~= '' then table.insert(entry, 'where'); table.insert(entry, where) end
  for _, v in ipairs({'instance', instance, 'asked_at', asked, 'decided_at', decided}) do table.insert(entry, v) end
  if arguments and arguments ~= '' then table.insert(entry, 'arguments'); table.insert(entry, arguments) end
  redis.call('XADD', '${AUDIT_STREAM}', '*', unpack(entry))
end
local function expireAt(key, at)
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIREAT', key, at) else redis.call('PEXPIREAT', key, at, 'GT') end
end
local function inboxOwner(session)
  return redis.call('HGET', '${PREFIX}session:' .. session .. ':about', 'owner')
end
local function inboxListed(tool)
  return tool == 'request_user_approval' or tool == 'request_user_input'
end
-- A call as an inbox lists it: its stored frame with where it waits.
local function inboxCall(frame, session, title, asked)
  return string.sub(frame, 1, -2) .. ',"session_id":' .. cjson.encode(session) .. ',"session_title":' .. (title and cjson.encode(title) or 'null') .. ',"asked_at":' .. cjson.encode(asked) .. '}'
end
-- A call settled: its answer links on any instance hear how on its own channel, and it leaves its
-- owner's inbox (published only when it was listed there).
local function inboxRemove(session, id, decision, where, actor, at)
  redis.call('PUBLISH', '${PREFIX}settled:' .. id, cjson.encode({op = 'settled', call_id = id, session_id = session, decision = decision, where = where, actor = actor or cjson.null, at = at}))
  local owner = inboxOwner(session)
  if not owner or redis.call('ZREM', '${PREFIX}inbox:' .. owner .. ':calls', id) == 0 then return end
  redis.call('PUBLISH', '${PREFIX}inbox:' .. owner, cjson.encode({op = 'remove', call_id = id, session_id = session, decision = decision, where = where, actor = actor or cjson.null, at = at}))
end
`;

/**
 * A call asked (or re-asked) by an instance. KEYS: call, result, pending, owner, grants. ARGV:
 * id, session, tool, frame, deadline (epoch ms), caller instance, now (epoch ms), asked at (ISO
 * 8601), the arguments' SHA-256, the arguments' canonical JSON (or ''). Returns `{'result',
 * outcome}` when the call already resolved, else `{'call', frame}` with the frame first stored
 * for the id (its original deadline), after telling the owner to send it (or with `'here'` when
 * the owner is the asking instance, which then sends it itself).
 */
export const ASK = `${HELPERS}
local stored = redis.call('GET', KEYS[2])
if stored then return {'result', stored} end
local frame = redis.call('HGET', KEYS[1], 'frame')
if not frame then
  frame = ARGV[4]
  redis.call('HSET', KEYS[1], 'session', ARGV[2], 'tool', ARGV[3], 'frame', frame, 'deadline', ARGV[5], 'asked_at', ARGV[8], 'arguments_sha256', ARGV[9])
  if ARGV[10] ~= '' then redis.call('HSET', KEYS[1], 'arguments', ARGV[10]) end
end
redis.call('HSET', KEYS[1], 'caller', ARGV[6])
local deadline = tonumber(redis.call('HGET', KEYS[1], 'deadline'))
redis.call('PEXPIREAT', KEYS[1], deadline + ${DAY_MS})
redis.call('ZADD', KEYS[3], 'NX', ARGV[7], ARGV[1])
keep(KEYS[3], ${DAY_MS})
redis.call('PEXPIREAT', KEYS[3], deadline + ${DAY_MS}, 'GT')
if redis.call('EXISTS', KEYS[5]) == 1 then keep(KEYS[5], ${DAY_MS}) end
-- The session's owner lists it in their inbox: the call's frame with where it waits.
local about = '${PREFIX}session:' .. ARGV[2] .. ':about'
local person = redis.call('HGET', about, 'owner')
if person and inboxListed(redis.call('HGET', KEYS[1], 'tool')) then
  keep(about, ${DAY_MS})
  expireAt(about, deadline + ${DAY_MS})
  local list = '${PREFIX}inbox:' .. person .. ':calls'
  local added = redis.call('ZADD', list, deadline, ARGV[1])
  expireAt(list, deadline + ${DAY_MS})
  if added == 1 then
    local title = redis.call('HGET', about, 'title')
    local asked = redis.call('HGET', KEYS[1], 'asked_at') or ARGV[8]
    redis.call('PUBLISH', '${PREFIX}inbox:' .. person, cjson.encode({op = 'add', call = inboxCall(frame, ARGV[2], title, asked)}))
  end
end
local owner = redis.call('GET', KEYS[4])
if owner then keep(KEYS[4], ${DAY_MS}) end
-- The live connection on the asking instance itself: it sends the frame without a publish.
if owner and string.match(owner, '^(%S+)') == ARGV[6] then return {'call', frame, 'here'} end
tell(owner, {op = 'frame', session = ARGV[2], frame = frame})
return {'call', frame}
`;

/**
 * An approval asked with a grant the session may hold. KEYS: call, result,
 * pending, owner, grants. ARGV: as ASK's (the frame being the granted receipt's), then the grant
 * key, the granted outcome, decided at (ISO 8601), 'redis' to append the audit record here, and
 * the record's `where` (optional).
 * Returns `{'result', outcome}` for a call already resolved; `{'ask'}` when the call is already
 * held or the session holds no such grant (then ASK it); else the call is stored as answered by
 * the grant, its receipt pending until the page answers it, and `{'granted', grant[, 'here']}`.
 */
export const GRANT = `${HELPERS}
local stored = redis.call('GET', KEYS[2])
if stored then return {'result', stored} end
if redis.call('EXISTS', KEYS[1]) == 1 then return {'ask'} end
local grant = redis.call('HGET', KEYS[5], ARGV[11])
if not grant then return {'ask'} end
local deadline = tonumber(ARGV[5])
redis.call('HSET', KEYS[1], 'session', ARGV[2], 'tool', ARGV[3], 'frame', ARGV[4], 'deadline', ARGV[5], 'caller', ARGV[6], 'asked_at', ARGV[8], 'arguments_sha256', ARGV[9])
if ARGV[10] ~= '' then redis.call('HSET', KEYS[1], 'arguments', ARGV[10]) end
redis.call('PEXPIREAT', KEYS[1], deadline + ${DAY_MS})
redis.call('SET', KEYS[2], ARGV[12], 'PXAT', deadline + ${DAY_MS})
redis.call('ZADD', KEYS[3], 'NX', ARGV[7], ARGV[1])
keep(KEYS[3], ${DAY_MS})
redis.call('PEXPIREAT', KEYS[3], deadline + ${DAY_MS}, 'GT')
keep(KEYS[5], ${DAY_MS})
if ARGV[14] == 'redis' then
  audit(ARGV[1], ARGV[2], ARGV[3], ARGV[9], 'granted', 'grant', grantActor(grant), ARGV[15], ARGV[6], ARGV[8], ARGV[13], ARGV[10])
end
local owner = redis.call('GET', KEYS[4])
if owner then keep(KEYS[4], ${DAY_MS}) end
if owner and string.match(owner, '^(%S+)') == ARGV[6] then return {'granted', grant, 'here'} end
tell(owner, {op = 'frame', session = ARGV[2], frame = ARGV[4]})
return {'granted', grant}
`;

/**
 * A result for a call (the kit's, or the caller's own at deadline + grace). KEYS: call, result,
 * pending, grants, owner. ARGV: id, tool, outcome, then for the audit trail the decision ('' for
 * none), source, actor (JSON: a string or null), this instance, decided at (ISO 8601), 'redis'
 * to append the record here, '1' when the page allowed the approval for the session, and the
 * record's `where` (optional), and the session the result must be of (optional: an inbox's
 * answer, refused as `{'mismatch'}` for another session's call and never kept for an unknown one).
 * The first one stored wins (SET NX), stored with `settled` (`{decision, where, actor, at}`) when
 * it decides: the grant the call offered is recorded (`{label, at, actor}`, and the page told),
 * the result is published to the call's caller, an inbox's or a link's win is sent to the
 * session's live connection as `settled`, and `{'won', asked at, SHA-256, arguments, granted
 * key}` is returned; else `{'taken', stored}` (the id leaves the pending set: a granted call's
 * receipt was answered); `{'unknown'}` for a call Redis does not hold (its result is kept all
 * the same), `{'mismatch'}` for a result of another tool.
 */
export const SETTLE = `${HELPERS}
local call = redis.call('HMGET', KEYS[1], 'tool', 'deadline', 'caller', 'session', 'asked_at', 'arguments_sha256', 'arguments', 'frame')
local of = ARGV[12] ~= nil and ARGV[12] ~= ''
if not call[1] then
  if of then return {'unknown'} end
  -- A call Redis lost (restarted empty) or never held: kept a day for a re-ask of its id.
  redis.call('SET', KEYS[2], ARGV[3], 'NX', 'PX', ${DAY_MS})
  return {'unknown'}
end
if call[1] ~= ARGV[2] or (of and call[4] ~= ARGV[12]) then return {'mismatch'} end
local actor = cjson.decode(ARGV[6])
if actor == cjson.null then actor = nil end
-- A runtime that passes no where: its page's answer, or its own timeout result.
local where = ARGV[11]
if not where or where == '' then where = ARGV[5] == 'timeout' and 'runtime' or 'chat' end
local outcome = ARGV[3]
local settled = {decision = ARGV[4], where = where, actor = actor or cjson.null, at = ARGV[8]}
if ARGV[4] ~= '' then outcome = string.sub(outcome, 1, -2) .. ',"settled":' .. cjson.encode(settled) .. '}' end
local won = redis.call('SET', KEYS[2], outcome, 'NX', 'PXAT', tonumber(call[2]) + ${DAY_MS})
redis.call('ZREM', KEYS[3], ARGV[1])
if not won then return {'taken', redis.call('GET', KEYS[2])} end
keep(KEYS[3], ${DAY_MS})
if ARGV[4] ~= '' and (where == 'inbox' or where == 'link') then
  settled.type = 'settled'; settled.call_id = ARGV[1]; settled.session_id = call[4]
  tell(redis.call('GET', KEYS[5]), {op = 'frame', session = call[4], frame = cjson.encode(settled)})
end
inboxRemove(call[4], ARGV[1], ARGV[4] ~= '' and ARGV[4] or 'cancelled', where, actor, ARGV[8])
if ARGV[9] == 'redis' and ARGV[4] ~= '' then
  audit(ARGV[1], call[4], call[1], call[6] or '', ARGV[4], ARGV[5], actor, ARGV[11], ARGV[7], call[5] or '', ARGV[8], call[7])
end
local granted = ''
if ARGV[10] == '1' then
  local ok, frame = pcall(cjson.decode, call[8])
  local offer = ok and type(frame) == 'table' and frame.grant
  if type(offer) == 'table' and type(offer.key) == 'string' and offer.key ~= '' and type(offer.label) == 'string' then
    redis.call('HSET', KEYS[4], offer.key, cjson.encode({label = offer.label, at = ARGV[8], actor = actor or cjson.null}))
    keep(KEYS[4], ${DAY_MS})
    tell(redis.call('GET', KEYS[5]), {op = 'grants', session = call[4]})
    granted = offer.key
  end
end
tell(call[3], {op = 'result', session = call[4], id = ARGV[1], outcome = outcome})
return {'won', call[5] or '', call[6] or '', call[7] or '', granted}
`;

/** A frame for the session's live connection, wherever it is. KEYS: owner. ARGV: session, frame. */
export const FORWARD = `${HELPERS}
tell(redis.call('GET', KEYS[1]), {op = 'frame', session = ARGV[1], frame = ARGV[2]})
return 1
`;

/**
 * The agent stopped waiting: the call is forgotten and the kit told. KEYS: call, pending, owner,
 * result. ARGV: id, session, frame, decided at (ISO 8601), this instance, 'redis' to append the
 * audit record here, and the record's `where` (optional). A call still pending and unresolved was decided now, by the runtime:
 * `{1, tool, asked at, SHA-256, arguments}`; else `{0}` (it had ended elsewhere, and its record with it).
 */
export const WITHDRAW = `${HELPERS}
local call = redis.call('HMGET', KEYS[1], 'tool', 'asked_at', 'arguments_sha256', 'arguments')
local was = redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('DEL', KEYS[1])
tell(redis.call('GET', KEYS[3]), {op = 'frame', session = ARGV[2], frame = ARGV[3]})
if was == 0 or not call[1] or redis.call('EXISTS', KEYS[4]) == 1 then return {0} end
inboxRemove(ARGV[2], ARGV[1], 'cancelled', 'runtime', nil, ARGV[4])
if ARGV[6] == 'redis' then
  audit(ARGV[1], ARGV[2], call[1], call[3] or '', 'cancelled', 'runtime', nil, ARGV[7], ARGV[5], call[2] or '', ARGV[4], call[4])
end
return {1, call[1], call[2] or '', call[3] or '', call[4] or ''}
`;

/** The user (or the runtime) withdrew a grant: the page is told. KEYS: grants, owner. ARGV: key, session. Returns 1 when it was held. */
export const REVOKE = `${HELPERS}
local removed = redis.call('HDEL', KEYS[1], ARGV[1])
if removed == 1 then tell(redis.call('GET', KEYS[2]), {op = 'grants', session = ARGV[2]}) end
return removed
`;

/**
 * The kit refused a call with an `error` message: its caller is told, unless the call already
 * resolved (a repeat that crossed its result). KEYS: call, result, pending. ARGV: id, error, and
 * (optional) when (ISO 8601): given, the call leaves its owner's inbox as withdrawn by the runtime.
 */
export const REFUSE = `${HELPERS}
if redis.call('EXISTS', KEYS[2]) == 1 then
  redis.call('ZREM', KEYS[3], ARGV[1])
  return 0
end
local call = redis.call('HMGET', KEYS[1], 'caller', 'session')
redis.call('ZREM', KEYS[3], ARGV[1])
if call[2] and ARGV[3] then inboxRemove(call[2], ARGV[1], 'cancelled', 'runtime', nil, ARGV[3]) end
tell(call[1], {op = 'error', session = call[2], id = ARGV[1], error = ARGV[2]})
return 1
`;

/** An inbox's snapshot: ARGV: owners. Their waiting calls, as `add` carries them: a flat list of owner, call JSON. */
export const INBOX = `${HELPERS}
local found = {}
for _, owner in ipairs(ARGV) do
  for _, id in ipairs(redis.call('ZRANGE', '${PREFIX}inbox:' .. owner .. ':calls', 0, -1)) do
    local call = redis.call('HMGET', '${PREFIX}call:' .. id, 'frame', 'session', 'asked_at')
    if call[1] and call[2] and redis.call('EXISTS', '${PREFIX}result:' .. id) == 0 then
      local title = redis.call('HGET', '${PREFIX}session:' .. call[2] .. ':about', 'title')
      table.insert(found, owner)
      table.insert(found, inboxCall(call[1], call[2], title, call[3] or ''))
    end
  end
end
return found
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

/**
 * A session's owner and title (docs/protocol.md §12.3). KEYS: about, pending. ARGV: session, owner
 * ('' to keep), title ('' to keep), 'nx' to give the owner only to a session without one (the
 * chat page's actor). When the owner changes, the session's pending calls move from the former
 * owner's inbox list to the new one's, and both inbox channels get `{op: 'about', session_id}`.
 * Returns the owner ('' for none).
 */
export const ABOUT = `${HELPERS}
local old = redis.call('HGET', KEYS[1], 'owner')
local owner = old
if ARGV[2] ~= '' and (ARGV[4] ~= 'nx' or not old) then owner = ARGV[2] end
if owner then redis.call('HSET', KEYS[1], 'owner', owner) end
if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], 'title', ARGV[3]) end
if not owner and ARGV[3] == '' then return '' end
keep(KEYS[1], ${DAY_MS})
local ttl = redis.call('PTTL', KEYS[2])
if ttl > ${DAY_MS} then redis.call('PEXPIRE', KEYS[1], ttl, 'GT') end
if owner == old then
  if owner and ARGV[3] ~= '' then redis.call('PUBLISH', '${PREFIX}inbox:' .. owner, cjson.encode({op = 'about', session_id = ARGV[1]})) end
  return owner or ''
end
local list = '${PREFIX}inbox:' .. owner .. ':calls'
for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  local call = redis.call('HMGET', '${PREFIX}call:' .. id, 'tool', 'deadline')
  if old then redis.call('ZREM', '${PREFIX}inbox:' .. old .. ':calls', id) end
  if call[1] and call[2] and inboxListed(call[1]) and redis.call('EXISTS', '${PREFIX}result:' .. id) == 0 then
    redis.call('ZADD', list, tonumber(call[2]), id)
    expireAt(list, tonumber(call[2]) + ${DAY_MS})
  end
end
if old then redis.call('PUBLISH', '${PREFIX}inbox:' .. old, cjson.encode({op = 'about', session_id = ARGV[1]})) end
redis.call('PUBLISH', '${PREFIX}inbox:' .. owner, cjson.encode({op = 'about', session_id = ARGV[1]}))
return owner
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
