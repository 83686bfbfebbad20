// The schema check itself (k8s-schema.mjs): it passes valid objects of every core kind the
// stack uses, and it fails wrong ones, so a green k8s.test.ts means something.
import { schemaProblems } from './render';

const meta = (name: string) => ({ name, namespace: 'ballmatch' });
const labels = { 'app.kubernetes.io/name': 'demo' };
const pod = {
  metadata: { labels },
  spec: {
    containers: [{ name: 'demo', image: 'ballmatch/demo:1', ports: [{ containerPort: 8080 }] }],
  },
};

const valid = [
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('c'), data: { A: '1' } },
  { apiVersion: 'v1', kind: 'Secret', metadata: meta('s'), data: { A: 'MQ==' } },
  { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta('sa') },
  {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta('svc'),
    spec: { clusterIP: 'None', selector: labels, ports: [{ port: 80, targetPort: 'http' }] },
  },
  {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta('d'),
    spec: { selector: { matchLabels: labels }, template: pod },
  },
  {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: meta('ss'),
    spec: { serviceName: 'svc', replicas: 3, selector: { matchLabels: labels }, template: pod },
  },
  {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: meta('j'),
    spec: { template: { ...pod, spec: { ...pod.spec, restartPolicy: 'Never' } } },
  },
  {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: meta('h'),
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' },
      minReplicas: 2,
      maxReplicas: 4,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
        },
      ],
    },
  },
  {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: meta('p'),
    spec: { maxUnavailable: 1, selector: { matchLabels: labels } },
  },
  {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: meta('n'),
    spec: {
      podSelector: { matchLabels: labels },
      policyTypes: ['Ingress'],
      ingress: [{ from: [{ podSelector: { matchLabels: labels } }], ports: [{ port: 'http' }] }],
    },
  },
  {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: meta('i'),
    spec: {
      rules: [
        {
          http: {
            paths: [
              {
                path: '/',
                pathType: 'Prefix',
                backend: { service: { name: 'svc', port: { name: 'http' } } },
              },
            ],
          },
        },
      ],
    },
  },
];

describe('k8s-schema.mjs (Kubernetes OpenAPI validation)', () => {
  it('accepts valid objects of every core kind the stack uses', () => {
    expect(schemaProblems(valid)).toEqual([]);
  });

  it('refuses a field of the wrong type', () => {
    const deployment = structuredClone(valid[4]) as (typeof valid)[4] & {
      spec: { template: typeof pod };
    };
    (
      deployment.spec.template.spec.containers[0].ports[0] as Record<string, unknown>
    ).containerPort = '8080';
    expect(schemaProblems([deployment])).toEqual([
      'Deployment/d: /spec/template/spec/containers/0/ports/0/containerPort must be integer',
    ]);
  });

  it('refuses a missing required field', () => {
    const hpa = structuredClone(valid[7]) as unknown as Record<string, Record<string, unknown>>;
    delete hpa.spec.maxReplicas;
    expect(schemaProblems([hpa])).toEqual([
      'HorizontalPodAutoscaler/h: /spec must have required property maxReplicas',
    ]);
  });

  it('refuses Secret data that is not base64, and a kind it has no schema for', () => {
    const secret = { ...valid[1], data: { A: 'not base64!' } };
    const unknown = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: meta('w') };
    expect(schemaProblems([secret, unknown])).toEqual([
      'Secret/s: /data/A must match format "byte"',
      'Widget/w: no Kubernetes schema for example.com/v1 Widget',
    ]);
  });
});
