# The bot's image for docker-compose.yml (a starting point for an operator).
FROM python:3.11-slim
WORKDIR /app
COPY . .
# editable, as scripts/run.sh installs it: the migrations folders stay where storage/ reads them
RUN pip install --no-cache-dir -e .
CMD ["shapan"]
