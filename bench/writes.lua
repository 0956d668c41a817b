-- wrk script for bench/run.sh: review submissions or likes by many distinct users.
-- Environment:
--   WRITE     submit (each request a new review: writer n at offering n / writers) or like
--             (writer n likes, or takes back the like of, one of the approved reviews)
--   WRITERS   file of "<user id> <token>" lines (seed --bench writes bench-writers.txt)
--   OFFERINGS file of "<course id> <provider id>" lines, for submit
--   REVIEWS   file of approved review ids, for like
--   START     where this run starts in the sequence, so rounds never submit the same pair twice
--   DELAY     milliseconds each connection waits between requests (bench/soak.sh paces its
--             submissions so a long run never exhausts the sequence); none by default
-- Prints the same RESULT line as request.lua.
local function lines(path)
  local out = {}
  if path then for line in io.lines(path) do table.insert(out, line) end end
  return out
end

local write = os.getenv("WRITE") or "submit"
local start = tonumber(os.getenv("START") or "0")
local pause = tonumber(os.getenv("DELAY") or "0")
local threads, index = {}, 0

setup = function(thread)
  thread:set("thread_index", index)
  thread:set("thread_count", 0)
  index = index + 1
  table.insert(threads, thread)
end

local writers, offerings, reviews
local counter = 0
local answers = '"completedCourse":"Yes","completedCourseIn":{"month":"06","year":"2024"},'
  .. '"howWasCourseDelivered":"In a classroom","easeOfAdministrationProcedures":"Easy",'
  .. '"involveAnyPracticalWorkExperience":"No","assessmentsBasedOnRealisticActivities":"Agree",'
  .. '"trainersWereKnowledgeable":"Strongly agree","trainersWereResponsive":"Agree",'
  .. '"describesYourSituation":"Working in a job related to the course","howLikelyYouRecommend":"Very likely"'

init = function(args)
  writers = lines(os.getenv("WRITERS"))
  offerings = lines(os.getenv("OFFERINGS"))
  reviews = lines(os.getenv("REVIEWS"))
end

request = function()
  -- Threads take alternate numbers of one sequence, so no two requests repeat a pair.
  local n = start + counter * 2 + thread_index
  counter = counter + 1
  local writer = writers[n % #writers + 1]
  local id, token = writer:match("(%S+) (%S+)")
  local headers = {
    ["Accept-Encoding"] = "gzip, deflate, br, zstd",
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. token,
  }
  if write == "submit" then
    local course, provider = offerings[math.floor(n / #writers) % #offerings + 1]:match("(%S+) (%S+)")
    local body = string.format('{"userType":"Student","user":"%s","course":"%s","provider":"%s",'
      .. '"title":"A benchmark review","comment":"The trainers were helpful and the practical sessions were well organised.",'
      .. '"incentivised":false,%s}',
      id, course, provider, answers)
    return wrk.format("POST", "/api/submitreview", headers, body)
  end
  local review = reviews[math.floor(n / #writers) % #reviews + 1]
  local body = string.format('{"action":"like","reviewId":"%s","userId":"%s"}', review, id)
  return wrk.format("POST", "/api/likeordislikereview", headers, body)
end

if pause > 0 then
  delay = function() return pause end
end

done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT %.0f %.3f %.3f %d %d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.errors.status, errors))
end
