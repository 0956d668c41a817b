-- wrk script: logins of one demo account from many client addresses, so the per-address
-- limit (100 per 15 minutes) does not stop the run. Needs `serve --demo` with
-- APP_TRUST_PROXY=1, which takes the client address from X-Forwarded-For.
--   wrk -t2 -c8 -d20s -s bench/login.lua http://127.0.0.1:8080/api/auth/login
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"email":"student@demo.coursesource.local","password":"Demo1234"}'

local counter = 0
request = function()
  counter = counter + 1
  local address = string.format("10.%d.%d.%d", math.floor(counter / 65536) % 256, math.floor(counter / 256) % 256, counter % 256)
  return wrk.format(nil, nil, { ["Content-Type"] = "application/json", ["X-Forwarded-For"] = address })
end

done = function(summary, latency, requests)
  io.write(string.format("logins/s %.1f   p50 %.1f ms   p99 %.1f ms   non-2xx %d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, summary.errors.status))
end
