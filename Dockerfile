# The settlement service: gunicorn running service:create_app() as a non-root user.
#   docker build -t mahjong-settle .
#   docker run --rm -p 8000:8000 mahjong-settle
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# The package (rules + service, with the contract and the pages as package data), runtime deps only.
COPY pyproject.toml README.md ./
COPY rules ./rules
COPY service ./service
RUN pip install . \
 && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin settle

COPY gunicorn.conf.py ./

USER settle

# Inside a container the service must listen beyond loopback; everything else as in gunicorn.conf.py.
ENV SETTLE_BIND=0.0.0.0:8000
EXPOSE 8000

HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["python", "-c", "import sys, urllib.request; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/livez', timeout=2).status == 200 else 1)"]

CMD ["gunicorn", "-c", "gunicorn.conf.py", "service:create_app()"]
