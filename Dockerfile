# The settlement service: gunicorn running service:create_app() as a non-root user,
# with the rules engine compiled by mypyc (rules/_native.py, scripts/compile_engine.py).
#   docker build -t mahjong-settle .
#   docker run --rm -p 8000:8000 mahjong-settle

# --- build: the package into /venv, the compiled engine into /opt/engine -------------------
# The same Python as the runtime image (the extensions load only into the interpreter they
# were built for), with the C compiler the slim image lacks.
FROM python:3.11 AS build

ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src

# gunicorn.conf.py too: service/gunicorn.conf.py is a symlink to it (package data for `mjsettle serve`)
COPY pyproject.toml README.md gunicorn.conf.py ./
COPY rules ./rules
COPY service ./service
COPY scripts/compile_engine.py ./scripts/
# /venv: the package and its runtime dependencies only; /tools: the same plus mypyc (the
# `compiled` extra), used to compile and left behind. The compile is profile-guided: an
# instrumented build settles generated rounds through the service here, then the final one
# is compiled with those counts (scripts/compile_engine.py)
RUN python -m venv /venv && /venv/bin/pip install . \
 && python -m venv /tools && /tools/bin/pip install '.[compiled]' \
 && /tools/bin/python scripts/compile_engine.py --out /opt/engine

# --- runtime ------------------------------------------------------------------------------
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/venv/bin:$PATH \
    SETTLE_ENGINE=compiled \
    SETTLE_ENGINE_BUILD=/opt/engine

COPY --from=build /venv /venv
COPY --from=build /opt/engine /opt/engine
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin settle

WORKDIR /app
COPY gunicorn.conf.py ./

USER settle

# Inside a container the service must listen beyond loopback; everything else as in gunicorn.conf.py.
# SETTLE_ENGINE=compiled: the image refuses to start on an engine build that does not match its sources.
ENV SETTLE_BIND=0.0.0.0:8000
EXPOSE 8000

HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["python", "-c", "import sys, urllib.request; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/livez', timeout=2).status == 200 else 1)"]

CMD ["gunicorn", "-c", "gunicorn.conf.py", "service:create_app()"]
