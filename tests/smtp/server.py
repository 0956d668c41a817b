"""A real SMTP server for the mail tests (aiosmtpd): python3 server.py PORT OUT_DIR

Accepts every mail and writes what it received to OUT_DIR/<n>.json: the envelope, the raw
message, the parse by Python's strict RFC 5322 policy (headers, defects, parts). The recipient's
local part picks a fault: refuse550@... is refused for good at DATA, defer451@... for now, and
hang@... never gets an answer. Prints 'ready' once it listens.
"""
import asyncio
import email
import email.policy
import json
import sys
from pathlib import Path

from aiosmtpd.controller import Controller


class Recorder:
    def __init__(self, out: Path):
        self.out = out
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        local = envelope.rcpt_tos[0].split("@")[0]
        if local == "refuse550":
            return "550 5.1.1 mailbox unavailable"
        if local == "defer451":
            return "451 4.3.0 try again later"
        if local == "hang":
            await asyncio.sleep(3600)
        raw = envelope.original_content or envelope.content
        report = {"rcpt": envelope.rcpt_tos, "raw": raw.decode("utf-8", "replace")}
        try:
            message = email.message_from_bytes(raw, policy=email.policy.strict)
            report["headers"] = {name: str(value) for name, value in message.items()}
            report["defects"] = [repr(d) for d in message.defects]
            report["content_type"] = message.get_content_type()
            report["parts"] = [
                {"type": part.get_content_type(), "content": part.get_content()}
                for part in message.walk() if not part.is_multipart()
            ]
        except Exception as err:  # the strict parser refused the message
            report["error"] = repr(err)
        self.count += 1
        (self.out / f"{self.count}.json").write_text(json.dumps(report))
        return "250 2.0.0 OK: queued as test-" + str(self.count)


def main():
    port, out = int(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    controller = Controller(Recorder(out), hostname="127.0.0.1", port=port)
    controller.start()
    print("ready", flush=True)
    try:
        sys.stdin.read()  # until the test closes our stdin
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
