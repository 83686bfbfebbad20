#!/bin/sh
# Makes the local overlay's secrets: a fresh Ed25519 key pair for session tokens, one for each
# service that calls another by its identity (gateway, sessions, scores), a random PostgreSQL
# password and the gateway's ad client key secret, written to auth.env, gateway.env,
# sessions.env, scores.env, ads.env, content.env, realtime.env and postgres.env
# beside this script (gitignored). Existing files are kept unless --force is given.
# Optional admin: ADMIN_USERNAME=admin ADMIN_PASSWORD='...' sh generate.sh --force
# Optional payments (Stripe test keys): STRIPE_SECRET_KEY=sk_test_... STRIPE_WEBHOOK_SECRET=whsec_...
set -eu
cd "$(dirname "$0")"
if [ -f auth.env ] && [ "${1:-}" != "--force" ]; then
  echo "secrets already exist in $(pwd); pass --force to replace them"
  exit 0
fi
umask 077
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
openssl genpkey -algorithm ed25519 -out "$tmp/jwt-private.pem"
openssl pkey -in "$tmp/jwt-private.pem" -pubout -out "$tmp/jwt-public.pem"
private=$(base64 < "$tmp/jwt-private.pem" | tr -d '\n')
public=$(base64 < "$tmp/jwt-public.pem" | tr -d '\n')
# A service key pair: NAME_private and NAME_public, base64 of each PEM on one line.
service_keys() {
  openssl genpkey -algorithm ed25519 -out "$tmp/$1-private.pem"
  openssl pkey -in "$tmp/$1-private.pem" -pubout -out "$tmp/$1-public.pem"
  eval "$1_private=\$(base64 < \"\$tmp/$1-private.pem\" | tr -d '\\n')"
  eval "$1_public=\$(base64 < \"\$tmp/$1-public.pem\" | tr -d '\\n')"
}
service_keys gateway
service_keys sessions
service_keys scores
password=$(openssl rand -hex 24)
ad_client_key_secret=$(openssl rand -base64 32)
{
  echo "DATABASE_URL=postgres://ballmatch:$password@postgres:5432/ballmatch"
  echo "REDIS_URL=redis://redis:6379"
  echo "JWT_PRIVATE_KEY=$private"
  echo "JWT_PUBLIC_KEY=$public"
  echo "GATEWAY_SERVICE_PUBLIC_KEY=$gateway_public"
  echo "SCORES_SERVICE_PUBLIC_KEY=$scores_public"
  if [ -n "${ADMIN_USERNAME:-}" ] && [ -n "${ADMIN_PASSWORD:-}" ]; then
    echo "ADMIN_USERNAME=$ADMIN_USERNAME"
    echo "ADMIN_PASSWORD=$ADMIN_PASSWORD"
  fi
} > auth.env
{
  echo "REDIS_URL=redis://redis:6379"
  echo "JWT_PUBLIC_KEY=$public"
  echo "AD_CLIENT_KEY_SECRET=$ad_client_key_secret"
  echo "SERVICE_PRIVATE_KEY=$gateway_private"
} > gateway.env
{
  echo "DATABASE_URL=postgres://ballmatch:$password@postgres:5432/ballmatch"
  echo "REDIS_URL=redis://redis:6379"
  echo "JWT_PUBLIC_KEY=$public"
  echo "SERVICE_PRIVATE_KEY=$sessions_private"
  echo "GATEWAY_SERVICE_PUBLIC_KEY=$gateway_public"
  echo "SCORES_SERVICE_PUBLIC_KEY=$scores_public"
} > sessions.env
{
  echo "DATABASE_URL=postgres://ballmatch:$password@postgres:5432/ballmatch"
  echo "REDIS_URL=redis://redis:6379"
  echo "JWT_PUBLIC_KEY=$public"
  echo "SERVICE_PRIVATE_KEY=$scores_private"
  echo "SESSIONS_SERVICE_PUBLIC_KEY=$sessions_public"
} > scores.env
{
  echo "DATABASE_URL=postgres://ballmatch:$password@postgres:5432/ballmatch"
  echo "REDIS_URL=redis://redis:6379"
  echo "JWT_PUBLIC_KEY=$public"
  echo "GATEWAY_SERVICE_PUBLIC_KEY=$gateway_public"
  echo "SESSIONS_SERVICE_PUBLIC_KEY=$sessions_public"
  if [ -n "${STRIPE_SECRET_KEY:-}" ]; then
    echo "STRIPE_SECRET_KEY=$STRIPE_SECRET_KEY"
    echo "STRIPE_WEBHOOK_SECRET=${STRIPE_WEBHOOK_SECRET:-}"
  fi
} > ads.env
{
  echo "DATABASE_URL=postgres://ballmatch:$password@postgres:5432/ballmatch"
  echo "REDIS_URL=redis://redis:6379"
  echo "JWT_PUBLIC_KEY=$public"
  echo "GATEWAY_SERVICE_PUBLIC_KEY=$gateway_public"
} > content.env
echo "JWT_PUBLIC_KEY=$public" > realtime.env
echo "POSTGRES_PASSWORD=$password" > postgres.env
echo "wrote auth.env, gateway.env, sessions.env, scores.env, ads.env, content.env, realtime.env and postgres.env in $(pwd)"
