// The floors page weight is measured against: what antd itself costs for each screen, with nothing of ours.
import { Button, Card, Checkbox, Dropdown, Form, Input, Layout, Menu, Modal, Table, Tabs } from 'antd';
import { useState } from 'react';

/** The login page's floor: React with an antd form in a card. */
export function LoginCard() {
  return (
    <Card title="Sign in" style={{ width: 360, margin: '80px auto' }}>
      <Form>
        <Form.Item name="username" rules={[{ required: true }]}>
          <Input placeholder="Username" />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true }]}>
          <Input.Password placeholder="Password" />
        </Form.Item>
        <Form.Item name="remember" valuePropName="checked">
          <Checkbox>Remember me</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          Login
        </Button>
      </Form>
    </Card>
  );
}

/** The console's floor: a bare antd console with layout, menu, table, modal form, tabs and dropdown. */
export function Console({ rows }: { rows: { id: number; name: string }[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider>
        <Menu
          items={[
            { key: 'a', label: 'Tests' },
            { key: 'b', label: 'Categories' },
          ]}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header>
          <Dropdown menu={{ items: [{ key: 'x', label: 'Sign out' }] }}>
            <span>admin</span>
          </Dropdown>
        </Layout.Header>
        <Layout.Content>
          <Tabs items={[{ key: '1', label: 'Categories' }]} />
          <Button onClick={() => setOpen(true)}>New</Button>
          <Table rowKey="id" dataSource={rows} columns={[{ title: 'Name', dataIndex: 'name' }]} />
          <Modal open={open} onCancel={() => setOpen(false)}>
            <Form>
              <Form.Item name="name" label="Name">
                <Input />
              </Form.Item>
            </Form>
          </Modal>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
