// Rendering the gateway template (what the nginx image's envsubst does in docker compose, and what the
// gateway test does for Debian's nginx).
import { readFileSync } from 'node:fs';
import { pagePaths, pagePatterns } from '@tickwise/contracts/pages';
import {
  GATEWAY_TEMPLATE_FILE,
  renderGatewayConfig,
  standaloneNginxConf,
  substitute,
  templateVariables,
} from '../src/config/gateway-config';

const variables = {
  COMMAND_UPSTREAM: 'command-service:3001',
  QUERY_UPSTREAM: 'query-service:3002',
  GATEWAY_PORT: 80,
  STATIC_ROOT: '/usr/share/nginx/html',
};

describe('gateway template', () => {
  const template = readFileSync(GATEWAY_TEMPLATE_FILE, 'utf8');

  test('has exactly the four documented variables', () => {
    expect(templateVariables(template)).toEqual([
      'COMMAND_UPSTREAM',
      'GATEWAY_PORT',
      'QUERY_UPSTREAM',
      'STATIC_ROOT',
    ]);
  });

  test('uses only lowercase nginx variables, so no container environment variable can replace one', () => {
    const bare = [...template.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] ?? '');
    expect(bare.length).toBeGreaterThan(0);
    expect(bare.filter((name) => name !== name.toLowerCase())).toEqual([]);
  });

  test('renders the upstreams, port and root, and leaves nginx variables alone', () => {
    const conf = renderGatewayConfig(variables, template);
    expect(conf).not.toContain('${');
    expect(conf).toContain('server command-service:3001;');
    expect(conf).toContain('server query-service:3002;');
    expect(conf).toContain('listen 80 default_server;');
    expect(conf).toContain('root /usr/share/nginx/html;');
    expect(conf).toContain('map $request_method $tickwise_api_upstream');
    expect(conf).toContain('proxy_pass http://$tickwise_api_upstream;');
    expect(conf).toContain('client_max_body_size 64k;');
    expect(conf).toContain('server_tokens off;');
  });

  test('refuses values that would break or inject into the config', () => {
    expect(() => renderGatewayConfig({ ...variables, COMMAND_UPSTREAM: 'x; evil' }, template)).toThrow(
      /COMMAND_UPSTREAM/,
    );
    expect(() => renderGatewayConfig({ ...variables, GATEWAY_PORT: '80; evil' }, template)).toThrow(
      /GATEWAY_PORT/,
    );
    expect(() => renderGatewayConfig({ ...variables, STATIC_ROOT: 'relative/dist' }, template)).toThrow(
      /STATIC_ROOT/,
    );
  });

  test('substitutes like envsubst with a list: only the given names, and a missing one is an error', () => {
    const ref = (name: string) => `\${${name}}`;
    expect(substitute(`a ${ref('X')} $X $XY $x ${ref('Y')}`, { X: '1', Y: '2' })).toBe('a 1 1 $XY $x 2');
    expect(() => substitute(`listen ${ref('PORT')};`, {})).toThrow(/PORT/);
  });

  test('the standalone shell keeps every path under its prefix and sets no pid or daemon', () => {
    const conf = standaloneNginxConf({ prefix: '/tmp/gw', gatewayConfFile: '/tmp/gw/gateway.conf' });
    expect(conf).toContain('include /tmp/gw/gateway.conf;');
    for (const line of conf.split('\n').filter((l) => /_(path|log)\s/.test(l))) {
      expect(line).toContain('/tmp/gw/');
    }
    expect(conf).not.toMatch(/^\s*(pid|daemon)\s/m);
  });

  test("lists exactly the app's pages (contracts' pagePaths) as the paths that get the app", () => {
    const template = readFileSync(GATEWAY_TEMPLATE_FILE, 'utf8');
    const entries = /map \$uri \$tickwise_spa_entry \{([\s\S]*?)\}/.exec(template)?.[1] ?? '';
    const named = /~\^\/\(([^)]*)\)\/\*\$ \/index\.html;/.exec(entries)?.[1]?.split('|') ?? [];
    const exact = [...entries.matchAll(/"([^"]+)"\s+\/index\.html;/g)].map((m) => m[1]);
    expect([...exact, ...named.map((name) => `/${name}`)].sort()).toEqual(Object.values(pagePaths).sort());
    // The pages with a parameter, each one path segment: /verify/:id.
    const withParameter = [...entries.matchAll(/~\^(\/[a-z-]+)\/\[\^\/\]\+\/\*\$\s+\/index\.html;/g)].map(
      (m) => `${m[1]}/:id`,
    );
    expect(withParameter).toEqual(Object.values(pagePatterns));
  });
});
