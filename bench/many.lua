-- wrk script for bench/run.sh's long-tail rows: a different key on every request, so the
-- server's kept answers cannot help. Environment:
--   KEYS   file of requests, one per line: a path, or a path, a tab and a JSON body (POST)
--   TOKEN  a session token, sent as a Bearer token
-- Each thread starts at its own share of the file and walks on, so a run of fewer requests
-- than keys asks for each key at most once. Prints the same RESULT line as request.lua.
local token = os.getenv("TOKEN")
local threads, index = {}, 0
local keys

setup = function(thread)
  thread:set("thread_index", index)
  index = index + 1
  table.insert(threads, thread)
end

init = function(args)
  keys = {}
  for line in io.lines(os.getenv("KEYS")) do
    local path, body = line:match("^([^\t]+)\t(.+)$")
    table.insert(keys, { path or line, body })
  end
  position = math.floor(#keys * thread_index / 2)
end

request = function()
  position = position + 1
  local key = keys[position % #keys + 1]
  local headers = { ["Accept-Encoding"] = "gzip, deflate, br, zstd", ["Accept"] = "*/*" }
  if token and token ~= "" then headers["Authorization"] = "Bearer " .. token end
  if key[2] then
    headers["Content-Type"] = "application/json"
    return wrk.format("POST", key[1], headers, key[2])
  end
  return wrk.format("GET", key[1], headers)
end

done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT %.0f %.3f %.3f %d %d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.errors.status, errors))
end
