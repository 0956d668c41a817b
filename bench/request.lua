-- wrk script for bench/run.sh: one API call, or several bodies in turn, with the headers a
-- browser sends. Environment:
--   METHOD  GET (default) or POST
--   BODIES  bodies separated by '~' (POST), cycled request by request
--   TOKEN   a session token, sent as a Bearer token
-- Prints one line: RESULT <requests/s> <p50 ms> <p99 ms> <non-2xx> <socket errors>
local method = os.getenv("METHOD") or "GET"
local token = os.getenv("TOKEN")
local bodies = {}
for body in string.gmatch(os.getenv("BODIES") or "", "[^~]+") do
  table.insert(bodies, body)
end
local headers = { ["Accept-Encoding"] = "gzip, deflate, br, zstd", ["Accept"] = "*/*" }
if method == "POST" then headers["Content-Type"] = "application/json" end
if token and token ~= "" then headers["Authorization"] = "Bearer " .. token end
local counter = 0

request = function()
  counter = counter + 1
  local body = nil
  if #bodies > 0 then body = bodies[counter % #bodies + 1] end
  return wrk.format(method, nil, headers, body)
end

done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT %.0f %.3f %.3f %d %d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.errors.status, errors))
end
