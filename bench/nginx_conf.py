"""Writes an nginx configuration for the benchmark: the shipped deploy/nginx.conf's cache zone
and `location /` (the same rules tests/it/nginx_cache.rs proves safe), listening on plain
http at PORT and proxying to the app at UPSTREAM, with every path nginx writes under DIR.

    python3 bench/nginx_conf.py DIR PORT UPSTREAM > DIR/nginx.conf
"""
import os
import sys

folder, port, upstream = sys.argv[1], sys.argv[2], sys.argv[3]
shipped = open(os.path.join(os.path.dirname(__file__), "..", "deploy", "nginx.conf")).read()
cache_path = shipped.split("proxy_cache_path ", 1)[1].split(";", 1)[0]
cache_path = cache_path.replace("/var/cache/nginx/coursesource", f"{folder}/cache", 1)
start = shipped.index("    location / {")
end = shipped.index("\n    }\n", start) + len("\n    }\n")
limits = "".join(line + "\n" for line in shipped.splitlines() if line.strip().startswith("client_"))
user = "user root;\n" if os.geteuid() == 0 else ""
print(f"""{user}worker_processes auto;
error_log {folder}/error.log;
pid {folder}/nginx.pid;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    proxy_cache_path {cache_path};
    upstream coursesource {{
        server {upstream};
        keepalive 32;
    }}
    server {{
        listen 127.0.0.1:{port};
{limits}{shipped[start:end]}    }}
}}""")
