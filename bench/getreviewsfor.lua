-- wrk script: the course-provider page's review list over HTTP, cycling through the sorts,
-- user-type filters and pages of the pair that `cargo bench --bench reviews` seeds.
--   BENCH_DATA_DIR=/tmp/rb cargo bench --bench reviews          (prints the ids and a token)
--   ./target/release/app serve --data-dir /tmp/rb --addr 127.0.0.1:8080 &
--   COURSE=.. PROVIDER=.. TOKEN=.. wrk -t2 -c64 -d20s -s bench/getreviewsfor.lua http://127.0.0.1:8080
local course, provider, token = os.getenv("COURSE"), os.getenv("PROVIDER"), os.getenv("TOKEN")
local sorts = { "Most Recent", "Most Liked", "Top Rated" }
local types = { "All", "Student", "Employer" }
local counter = 0

request = function()
  counter = counter + 1
  local body = string.format('{"courseId":"%s","providerId":"%s","sort":"%s","userType":"%s","page":%d}',
    course, provider, sorts[counter % 3 + 1], types[math.floor(counter / 3) % 3 + 1], counter % 125 + 1)
  return wrk.format("POST", "/api/getreviewsfor",
    { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }, body)
end

done = function(summary, latency, requests)
  io.write(string.format("requests/s %.0f   p50 %.2f ms   p99 %.2f ms   non-2xx %d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, summary.errors.status))
end
